import { endpoint } from '@psb/api-client/http';
import { directorySchoolResponseSchema } from '@psb/contracts/parent';
import {
  kabupatenResponseSchema,
  kecamatanResponseSchema,
  kelurahanResponseSchema,
  kodePosResponseSchema,
  provinsiResponseSchema,
} from '@psb/contracts/public';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Lookups of the registrant form: the address cascade and the previous school by NPSN. */

export type RegionLevelName = 'provinsi' | 'kabupaten' | 'kecamatan' | 'kelurahan' | 'kode_pos';

const REGION = {
  provinsi: { call: endpoint(provinsiResponseSchema), name: (i: { nama: string }) => i.nama },
  kabupaten: { call: endpoint(kabupatenResponseSchema), name: (i: { kota_kab: string }) => i.kota_kab },
  kecamatan: { call: endpoint(kecamatanResponseSchema), name: (i: { kecamatan: string }) => i.kecamatan },
  kelurahan: { call: endpoint(kelurahanResponseSchema), name: (i: { kelurahan: string }) => i.kelurahan },
  kode_pos: { call: endpoint(kodePosResponseSchema), name: (i: { kodepos: string }) => i.kodepos },
} as const;
const REGION_PARAMS = ['provinsi_name', 'kabupaten_name', 'kecamatan_name', 'kelurahan_name'] as const;

/** One choice of the address cascade: its name and the short forms it is also found by ("DKI", "Jogja"). */
export interface RegionOption {
  name: string;
  alias: readonly string[];
}

/**
 * Names of one level of the address cascade, given the names of the levels above it (top first), with the
 * spec's parameter and field names. Duplicate names (several villages of one name) come back once.
 */
export async function listRegion(
  level: RegionLevelName,
  parents: readonly string[] = [],
): Promise<RegionOption[]> {
  const searchParams = Object.fromEntries(parents.map((name, i) => [REGION_PARAMS[i], name]));
  const { call, name } = REGION[level];
  const body = await call.get(`public/${level}`, { searchParams });
  const byName = new Map<string, RegionOption>();
  for (const item of body.data as readonly (Record<string, string> & { alias?: string[] })[]) {
    const n = (name as (i: Record<string, string>) => string)(item);
    if (n && !byName.has(n)) byName.set(n, { name: n, alias: item.alias ?? [] });
  }
  return [...byName.values()];
}

export const regionKeys = {
  level: (level: RegionLevelName, parents: readonly string[]) =>
    ['public', 'region', level, ...parents] as const,
};

/** Region names never change while the app runs. */
export const regionQuery = (level: RegionLevelName, parents: readonly string[]) =>
  queryOptions({
    queryKey: regionKeys.level(level, parents),
    queryFn: () => listRegion(level, parents),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30 * 60_000,
  });
export const useRegion = (level: RegionLevelName, parents: readonly string[], enabled = true) =>
  useQuery({ ...regionQuery(level, parents), enabled });

const npsn = endpoint(directorySchoolResponseSchema);
/** NPSN lookup of the previous school; data null when unknown (typing the name in is always possible). */
export const lookupSchoolByNpsn = (code: string) =>
  npsn.get('public/kemdikbud_school', { searchParams: { npsn: code.trim() } });
