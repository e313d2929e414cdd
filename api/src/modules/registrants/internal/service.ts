import { ASSISTED_MSG, type InternalListQuery } from '@psb/contracts';
import type { TenantConn } from '../../../db/tenant-db';
import { writeAudit } from '../../../lib/audit';
import { notFound } from '../../../lib/http-error';
import type { AuthContext } from '../../../types';
import { internalPage, lockForMark, setInternal } from './repository';

export async function listInternal(c: TenantConn, q: InternalListQuery) {
  const page = q.page ?? 1;
  const limit = q.limit ?? 25;
  const { rows, total } = await internalPage(c.db, c.tenantId, q, page, limit);
  return { data: rows, total, page, limit };
}

/**
 * Marks registrants internal (or not), all or nothing: an id that is unknown, archived or of another school
 * (row-level security) → 404 and nothing changes. Each change is audited with the staff member.
 */
export async function markInternal(c: TenantConn, auth: AuthContext, ids: number[], isInternal: boolean) {
  const unique = [...new Set(ids)];
  const rows = await lockForMark(c.db, c.tenantId, unique);
  if (rows.length !== unique.length) throw notFound();
  const changed = rows.filter((r) => r.is_internal !== isInternal).map((r) => r.id);
  if (changed.length) await setInternal(c.db, c.tenantId, changed, isInternal);
  for (const id of changed)
    await writeAudit(c, {
      userId: auth.user.id,
      action: 'mark_internal',
      resource: 'registrants',
      recordId: id,
      before: { is_internal: !isInternal },
      after: { is_internal: isInternal },
    });
  return { updated: changed, message: ASSISTED_MSG.internalDone(changed.length) };
}
