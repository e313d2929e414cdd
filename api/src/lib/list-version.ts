import type { TenantConn } from '../db/tenant-db';
import { executePagePlanned } from './page-planned-statement';

/** Lists whose version the database keeps (the `list_versions` triggers name what each one watches). */
export type VersionedList = 'registrants' | 'announcements' | 'results';

/**
 * The tenant's current version of a list, 0 before anything it watches has changed. A sign-in check waiting on
 * the connection travels with it, so a request answered from kept data still costs one round-trip that
 * verifies the caller. Read it BEFORE the rows it stands for: rows read later are then never older than it.
 */
export async function listVersion(c: TenantConn, list: VersionedList): Promise<number> {
  const [row] = await executePagePlanned(
    c,
    'list_version',
    c.db
      .selectFrom('list_versions')
      .select('version')
      .where('tenant_id', '=', c.tenantId)
      .where('list', '=', list),
  );
  return row?.version ?? 0;
}
