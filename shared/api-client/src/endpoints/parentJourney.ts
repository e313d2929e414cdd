import type {
  CreateRegistrantRequest,
  DirectorySchool,
  LoginResponse,
  Registrant,
  RegistrantSummary,
  SaveAnswersRequest,
  TokenLoginRequest,
  TokenRegisterRequest,
  UploadFolder,
} from '@psb/contracts';
import { isHTTPError } from 'ky';
import { resolveApiBase } from '../config/apiBase';
import { api } from '../http/client';
import { handlers } from '../http/handlers';
import { useSession } from '../session/sessionStore';

/** Calls of the parent journey (issue 4): vouchers, registrants, answers, uploads, regions, info content. */

export interface MissingItem {
  no: number;
  label: string;
}
export interface NamedItem {
  id: number;
  name: string;
}
interface ListResponse<T> {
  success: true;
  data: T[];
}

// --- vouchers ------------------------------------------------------------------------------------------------

/** POST user/token/register: a new parent account from an unused voucher (signed in at once). */
export const registerWithVoucher = (body: TokenRegisterRequest) =>
  api.post('user/token/register', { json: body }).json<LoginResponse>();

/** POST public/login_token: sign in with a voucher code and the account password. */
export const loginWithVoucher = (body: TokenLoginRequest) =>
  api.post('public/login_token', { json: body }).json<LoginResponse>();

// --- registrants ---------------------------------------------------------------------------------------------

export const listRegistrants = () =>
  api
    .get('registrants')
    .json<ListResponse<RegistrantSummary>>()
    .then((r) => r.data);

export const getRegistrant = (id: number) =>
  api
    .get(`registrant/${id}`)
    .json<{ success: true; data: Registrant }>()
    .then((r) => r.data);

export const createRegistrant = (body: CreateRegistrantRequest) =>
  api.post('registrant', { json: body }).json<{ success: true; message: string; data: Registrant }>();

export const saveRegistrantAnswers = (body: SaveAnswersRequest, signal?: AbortSignal) =>
  api
    .post('registrant_answer', { json: body, signal })
    .json<{ success: true; message: string; registrant_id: number; updated_at: string }>();

export const completeRegistrant = (id: number) =>
  api
    .post(`registrant/complete/${id}`, { json: { id } })
    .json<{ success: true; message: string; missing_count: number; missing: MissingItem[] }>();

export const submitRegistrant = (id: number) =>
  api.post(`registrant/submit/${id}`, { json: {} }).json<{ success: true; message: string }>();

/** Public status check by registration number: name and status only. */
export const registrationStatus = (n: string) =>
  api
    .get(`public/registrant/registration_number/${encodeURIComponent(n.trim())}`)
    .json<{ success: true; data: { registration_number: string; name: string; status: string } }>()
    .then((r) => r.data);

// --- uploads -------------------------------------------------------------------------------------------------

export interface UploadedDocument {
  url: string;
  name: string;
  type: string;
  size: number;
  uploaded_at: string;
  folder: UploadFolder;
}

/** A failed upload: the server's message (Indonesian) and status; status 0 = no connection. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

const UPLOAD_CONNECTION_ERROR = 'Unggahan terputus. Periksa koneksi Anda lalu coba lagi.';

/**
 * POST /registrant/upload/{id} (multipart field `file`). XMLHttpRequest rather than fetch: it reports upload
 * progress on every browser and over HTTP/1.1.
 */
export function uploadRegistrantFile(
  id: number,
  file: Blob,
  options: {
    folder: UploadFolder;
    resize?: number;
    filename?: string;
    onProgress?: (fraction: number) => void;
  },
): Promise<UploadedDocument> {
  const query = new URLSearchParams({ folder: options.folder });
  if (options.resize) query.set('resize', String(options.resize));
  if (options.filename) query.set('filename', options.filename);
  const body = new FormData();
  body.append('file', file, options.filename ?? (file instanceof File ? file.name : options.folder));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${resolveApiBase()}/registrant/upload/${id}?${query}`);
    const token = useSession.getState().token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      const res = xhr.response as { message?: string; data?: UploadedDocument } | null;
      if (xhr.status >= 200 && xhr.status < 300 && res?.data) return resolve(res.data);
      if (xhr.status === 401) {
        useSession.getState().clearAll();
        handlers.onUnauthorized();
      }
      reject(new UploadError(res?.message || 'Gagal mengunggah file.', xhr.status));
    };
    xhr.onerror = () => reject(new UploadError(UPLOAD_CONNECTION_ERROR, 0));
    xhr.ontimeout = xhr.onerror;
    xhr.timeout = 120_000;
    xhr.send(body);
  });
}

/** An uploaded document read back with the session (files are never public), as a Blob. */
export const getRegistrantFile = (id: number, folder: UploadFolder) =>
  api.get(`registrant/file/${id}/${folder}`).blob();

// --- lookups of the form and the add-registrant dialog -------------------------------------------------------

export interface PublicSchoolPeriod {
  id: number;
  name: string;
  school_id: number;
  school_name: string;
  school_year_id: number;
  school_year_name: string;
  start_date: string;
  end_date: string;
  quota: number;
  is_open: boolean;
}

export const listSchoolPeriods = () =>
  api
    .get('public/school_period')
    .json<ListResponse<PublicSchoolPeriod>>()
    .then((r) => r.data);

export const listVoucherSchools = (token?: string) =>
  api
    .get('public/school', { searchParams: token ? { token } : {} })
    .json<ListResponse<NamedItem>>()
    .then((r) => r.data);

/** A class a registration period offers, with the places still free. */
export interface PeriodClass extends NamedItem {
  quota?: number;
  remaining?: number;
}

export const listVoucherClasses = (schoolName: string, token?: string, schoolPeriodId?: string) =>
  api
    .get('public/mst_class', {
      searchParams: {
        school_name: schoolName,
        ...(token ? { token } : {}),
        ...(schoolPeriodId ? { school_period_id: schoolPeriodId } : {}),
      },
    })
    .json<ListResponse<PeriodClass>>()
    .then((r) => r.data);

export type RegionLevelName = 'provinsi' | 'kabupaten' | 'kecamatan' | 'kelurahan' | 'kode_pos';
const REGION_FIELD: Record<RegionLevelName, string> = {
  provinsi: 'nama',
  kabupaten: 'kota_kab',
  kecamatan: 'kecamatan',
  kelurahan: 'kelurahan',
  kode_pos: 'kodepos',
};
const REGION_PARAMS = ['provinsi_name', 'kabupaten_name', 'kecamatan_name', 'kelurahan_name'] as const;

/**
 * Names of one level of the address cascade, given the names of the levels above it (top first), with the
 * spec's parameter and field names. Duplicate names (several villages of one name) come back once.
 */
export async function listRegion(level: RegionLevelName, parents: readonly string[] = []): Promise<string[]> {
  const searchParams = Object.fromEntries(parents.map((name, i) => [REGION_PARAMS[i], name]));
  const body = await api
    .get(`public/${level}`, { searchParams })
    .json<ListResponse<Record<string, string>>>();
  const field = REGION_FIELD[level];
  return [...new Set(body.data.map((item) => item[field] ?? '').filter(Boolean))];
}

/** NPSN lookup of the previous school; null when unknown (typing the name in is always possible). */
export const lookupSchoolByNpsn = (npsn: string) =>
  api
    .get('public/kemdikbud_school', { searchParams: { npsn: npsn.trim() } })
    .json<{ success: true; message?: string; data: DirectorySchool | null }>();

// --- information content -------------------------------------------------------------------------------------

export type ContentKey = 'registration_steps' | 'interview_announcement' | 'interview_guide';

export const getPublicContent = <T = unknown>(key: ContentKey) =>
  api
    .get(`public/content/${key}`)
    .json<{ success: true; data: T | null }>()
    .then((r) => r.data);

/** Where the interview guide PDF is served (a plain link: the browser opens or downloads it). */
export const interviewGuidePdfUrl = () => `${resolveApiBase()}/public/panduan_wawancara`;

/** The required answers a refused submit (400) lists; empty for any other failure. */
export function missingOf(err: unknown): MissingItem[] {
  if (!isHTTPError(err)) return [];
  const missing = (err.data as { missing?: unknown } | undefined)?.missing;
  return Array.isArray(missing) ? (missing as MissingItem[]) : [];
}
