import type { DuplicateReason, DuplicatesResponse } from '@psb/contracts';
import type { TenantConn } from '../../../db/tenant-db';
import { notFound } from '../../../lib/http-error';
import { comparableRegistrant, duplicatesOf } from './duplicates-repository';

type Row = NonNullable<Awaited<ReturnType<typeof comparableRegistrant>>>;

const side = ({ user_id: _u, duplicate_key: _k, ...r }: Row) => r;

/** A registrant and the registrants that may be the same child, each with why it was matched. */
export async function possibleDuplicates(c: TenantConn, id: number): Promise<DuplicatesResponse> {
  const r = await comparableRegistrant(c.db, c.tenantId, id);
  if (!r) throw notFound();
  const rows = await duplicatesOf(c.db, c.tenantId, r);
  return {
    registrant: side(r),
    duplicates: rows.map((d) => {
      const reasons: DuplicateReason[] = [];
      if (r.duplicate_key && d.duplicate_key === r.duplicate_key) reasons.push('name_birth_date');
      if (d.user_id === r.user_id) reasons.push('parent');
      return { ...side(d), reasons };
    }),
  };
}
