import type { RoleModule } from '@psb/contracts';
import type { TenantConn } from '../db/tenant-db';
import { roleModulesQuery, toRoleModules } from '../lib/accounts';
import { executeNamed } from '../lib/named-statement';

/**
 * Permissions of a role, remembered per (tenant, role, permissions_version). The version is read from the
 * database on every request, so an entry can never be stale: a change makes a new key. Old keys are dropped
 * when the map grows past its bound.
 */
const MAX_ENTRIES = 2000;
const cache = new Map<string, RoleModule[]>();

export async function rolePermissions(c: TenantConn, roleId: number, version: number): Promise<RoleModule[]> {
  const key = `${c.tenantId}:${roleId}:${version}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const [row] = await executeNamed(c, 'role_modules', roleModulesQuery(c.db, c.tenantId, roleId));
  const modules = toRoleModules(row?.role_modules ?? []);
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key, modules);
  return modules;
}
