import fs from 'node:fs';
import path from 'node:path';
import type { DirectorySchool } from '@psb/contracts';
import { findRepoRoot } from '../../lib/root';

/**
 * The national school directory (NPSN lookup) for the "previous school" question. No official public API
 * exists (see INTEGRATIONS.md): the default adapter answers from an offline fixture shipped in api/data; the
 * http adapter reads a configurable service (SCHOOL_DIRECTORY_URL) with a short timeout. A failed lookup is
 * never an error for the parent: it answers null and the form lets them type the school in.
 */
export interface SchoolDirectory {
  readonly kind: 'fixture' | 'http';
  /** The school, or null when unknown or when the service failed. */
  lookup(npsn: string): Promise<DirectorySchool | null>;
}

export function createFixtureDirectory(
  file = path.join(findRepoRoot(), 'api', 'data', 'school-directory.json'),
): SchoolDirectory {
  let schools: Map<string, DirectorySchool> | undefined;
  const load = () => {
    if (!schools) {
      const list = JSON.parse(fs.readFileSync(file, 'utf8')) as {
        schools: Omit<DirectorySchool, 'source'>[];
      };
      schools = new Map(list.schools.map((s) => [s.npsn, { ...s, source: 'fixture' }]));
    }
    return schools;
  };
  return { kind: 'fixture', lookup: async (npsn) => load().get(npsn) ?? null };
}

/** "PROV. JAWA BARAT" / "KAB. BANDUNG" / "KEC. COBLONG" → the bare name, as the directory portals prefix them. */
const bare = (s: unknown) =>
  typeof s === 'string' ? s.replace(/^(PROV\.|KAB\.|KEC\.|KOTA ADM\.)\s*/i, '').trim() : '';

/**
 * A directory service speaking the ministry data portal's JSON (`GET {base}?keyword={npsn}` →
 * `{data: [{npsn, nama, bentukPendidikan, alamatJalan, namaDesa, namaKecamatan, namaKabupaten, namaProvinsi,
 * statusSatuanPendidikan}]}`), answered within `timeoutMs`; anything else counts as "not found".
 */
export function createHttpDirectory(
  baseUrl: string,
  { timeoutMs = 3000, log = (_e: unknown) => {} }: { timeoutMs?: number; log?: (err: unknown) => void } = {},
): SchoolDirectory {
  return {
    kind: 'http',
    async lookup(npsn) {
      try {
        const url = new URL(baseUrl);
        url.searchParams.set('keyword', npsn);
        const res = await fetch(url, {
          signal: AbortSignal.timeout(timeoutMs),
          headers: { accept: 'application/json' },
        });
        if (!res.ok) return null;
        const body = (await res.json()) as { data?: Record<string, unknown>[] };
        const s = body.data?.find((d) => String(d.npsn) === npsn);
        if (!s) return null;
        const status = String(s.statusSatuanPendidikan ?? s.status ?? '').toUpperCase();
        return {
          npsn,
          nama: String(s.nama ?? ''),
          alamat: String(s.alamatJalan ?? s.alamat ?? ''),
          status: status.startsWith('N') ? 'NEGERI' : 'SWASTA',
          bentuk_pendidikan: String(s.bentukPendidikan ?? ''),
          desa: bare(s.namaDesa),
          kecamatan: bare(s.namaKecamatan),
          kabupaten: bare(s.namaKabupaten),
          provinsi: bare(s.namaProvinsi),
          source: url.host,
        };
      } catch (err) {
        log(err);
        return null;
      }
    },
  };
}

/** SCHOOL_DIRECTORY_URL set → http adapter; otherwise the offline fixture. */
export function createSchoolDirectory(
  env: Record<string, string | undefined> = process.env,
  log?: (err: unknown) => void,
): SchoolDirectory {
  const url = env.SCHOOL_DIRECTORY_URL?.trim();
  return url ? createHttpDirectory(url, log ? { log } : {}) : createFixtureDirectory();
}
