import type { RoleModule } from '@psb/contracts';
import type { TenantConn } from '../../../db/tenant-db';
import { toRoleModules } from '../../../lib/accounts';
import { notFound } from '../../../lib/http-error';
import { roleInScope } from '../account-scope';
import { findRoleModules } from './repository';

/**
 * Permissions of one role; roles of another tenant are invisible (row-level security), and so are, to a
 * school-limited caller, roles outside its schools: not found.
 */
export async function roleModules(c: TenantConn, roleId: number): Promise<RoleModule[]> {
  const data = await findRoleModules(c.db, c.tenantId, roleId);
  if (!data || !(await roleInScope(c.db, c.tenantId, roleId))) throw notFound();
  return toRoleModules(data);
}
