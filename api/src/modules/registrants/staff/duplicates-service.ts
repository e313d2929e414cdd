import { type DuplicateReason, type DuplicatesResponse, nikWarnings, todayWibText } from '@psb/contracts';
import type { TenantConn } from '../../../db/tenant-db';
import { notFound } from '../../../lib/http-error';
import { regionIndex } from '../../public';
import { comparableRegistrant, duplicatesOf } from './duplicates-repository';

type Row = NonNullable<Awaited<ReturnType<typeof comparableRegistrant>>>;

/** Every district code of the region data (`PP.KK.CC`), built once per process. */
let districts: Set<string> | undefined;
function isDistrict(code: string) {
  districts ??= new Set(
    regionIndex().provinces.flatMap((p) => p.regencies.flatMap((r) => r.districts.map((d) => d.code))),
  );
  return districts.has(code);
}

const side = ({ user_id: _u, duplicate_key: _k, sex, ...r }: Row) => ({
  ...r,
  nik_warnings: r.nik
    ? nikWarnings({ nik: r.nik, birthDate: r.birth_date, sex, isDistrict, today: todayWibText() })
    : [],
});

/**
 * A registrant and the registrants that may be the same child, each with why it was matched. The NIK is a
 * sensitive answer: staff not shown those (no Data Sensitif) get the match and its warnings, not the number.
 */
export async function possibleDuplicates(
  c: TenantConn,
  id: number,
  showNik: boolean,
): Promise<DuplicatesResponse> {
  const r = await comparableRegistrant(c.db, c.tenantId, id);
  if (!r) throw notFound();
  const rows = await duplicatesOf(c.db, c.tenantId, r);
  const shown = <S extends { nik: string | null }>(s: S) => (showNik ? s : { ...s, nik: null });
  return {
    registrant: shown(side(r)),
    duplicates: rows.map((d) => {
      const reasons: DuplicateReason[] = [];
      if (r.duplicate_key && d.duplicate_key === r.duplicate_key) reasons.push('name_birth_date');
      if (d.user_id === r.user_id) reasons.push('parent');
      if (r.nik && d.nik === r.nik) reasons.push('nik');
      return { ...shown(side(d)), reasons };
    }),
  };
}
