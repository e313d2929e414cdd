import {
  type DocumentKind,
  GRADUATION_MSG,
  type ParentGraduation,
  RESULT_LETTERS,
  resultKindOf,
} from '@psb/contracts';
import type { FastifyRequest } from 'fastify';
import type { TenantConn } from '../../../db/tenant-db';
import { HttpError, notFound } from '../../../lib/http-error';
import { staffMay } from '../../../lib/staff-may';
import { type RenderContext, schoolDocument } from '../../content';
import { type DocumentRow, documentValues, graduationBills } from './repository';

/**
 * What a parent may see of the result. Everything here starts from `result_published_at`: before it, the
 * result (the draft status and note staff are working on) does not exist for the parent, and neither do the
 * bills meant for the announcement.
 */

/** The registrant for the caller: their own (a parent) or any the school scope shows (staff with `module` read). */
async function reachable(c: TenantConn, req: FastifyRequest, id: number, module = 'Kelulusan') {
  const auth = req.auth!;
  const r = await documentValues(c, id);
  if (!r) throw notFound();
  const mine = auth.audience === 'user' && r.user_id === auth.user.id;
  if (!mine && !staffMay(auth, module, 'read')) throw notFound();
  return Object.assign(r, { mine });
}

const isPublished = (r: DocumentRow) =>
  r.result_published_at !== null && r.accepted_status_name !== null && r.status !== 'withdrawn';

export async function parentGraduation(
  c: TenantConn,
  req: FastifyRequest,
  id: number,
): Promise<ParentGraduation> {
  const r = await reachable(c, req, id);
  if (!isPublished(r)) return { published: false, result: null, bills: [] };
  const bills = await graduationBills(c, id);
  return {
    published: true,
    result: {
      kind: resultKindOf({ is_accepted: r.is_accepted === true, is_reserve: r.is_reserve === true }),
      status_name: r.accepted_status_name!,
      note: r.result_note,
      published_at: r.result_published_at!.toISOString(),
    },
    bills: bills.map((b) => ({
      ...b,
      total_amount: Number(b.total_amount),
      paid_amount: Number(b.paid_amount),
    })),
  };
}

const todayWib = () =>
  new Intl.DateTimeFormat('id-ID', { dateStyle: 'long', timeZone: 'Asia/Jakarta' }).format(new Date());

/** Staff see the draft result in the documents (to check a letter before publishing); parents never do. */
function values(r: DocumentRow, showDraft: boolean) {
  return {
    nama: r.name ?? '',
    no_pendaftaran: r.registration_number ?? '',
    sekolah: r.school_name,
    kelas: r.mst_class_name,
    tahun_ajaran: r.school_year_name,
    tanggal: todayWib(),
    orang_tua: r.parent_name ?? '',
    status: r.result_published_at || showDraft ? (r.accepted_status_name ?? '') : '',
  };
}

/** Which documents need a published result, and which only an accepted one. */
const NEEDS: Partial<Record<DocumentKind, 'published' | 'accepted'>> = {
  graduation: 'published',
  result_card: 'published',
  spotc: 'accepted',
};

export const FILE_NAMES: Record<DocumentKind, string> = {
  graduation: 'Surat Kelulusan',
  graduation_reserve: 'Surat Hasil Seleksi',
  graduation_rejected: 'Surat Hasil Seleksi',
  agreement: 'Perjanjian Daftar Ulang',
  result_card: 'Hasil Tes',
  spotc: 'SPOTC',
  recap: 'Rekap Formulir',
  test_card: 'Kartu Tes',
};

/**
 * The result letter of the registrant's outcome (the draft's, for staff checking it before publication); the
 * accepted one while no status is chosen yet.
 */
function letterOf(r: DocumentRow): DocumentKind {
  if (r.accepted_status_name === null) return 'graduation';
  return RESULT_LETTERS[
    resultKindOf({ is_accepted: r.is_accepted === true, is_reserve: r.is_reserve === true })
  ];
}

/**
 * The PDF of a registrant's document from the school's layout (the result letter chosen by the outcome). A parent gets the result's documents only
 * once it is out (404 before, like a document that does not exist); staff may print them at any time.
 */
export async function registrantDocument(
  c: TenantConn,
  req: FastifyRequest,
  ctx: RenderContext,
  id: number,
  kind: DocumentKind,
  module = 'Kelulusan',
) {
  const r = await reachable(c, req, id, module);
  const need = r.mine ? NEEDS[kind] : undefined;
  if (need && !isPublished(r)) throw new HttpError(404, GRADUATION_MSG.notPublished);
  if (need === 'accepted' && r.is_accepted !== true) throw new HttpError(404, GRADUATION_MSG.notPublished);
  const printed = kind === 'graduation' ? letterOf(r) : kind;
  const pdf = await schoolDocument(c, ctx, r.school_id, printed, values(r, !r.mine));
  return { pdf, fileName: `${FILE_NAMES[printed]} ${r.registration_number ?? r.id}.pdf` };
}
