import type { RoleModule } from '@psb/contracts';
import type { PoolClient } from 'pg';
import { ROLE_MODULES_SQL } from '../db/queries';

/**
 * Permissions of a role, remembered per (tenant, role, permissions_version). The version is read from the
 * database on every request, so an entry can never be stale: a change makes a new key. Old keys are dropped
 * when the map grows past its bound.
 */
const MAX_ENTRIES = 2000;
const cache = new Map<string, RoleModule[]>();

export async function rolePermissions(
  client: PoolClient,
  tenantId: number,
  roleId: number,
  version: string,
): Promise<RoleModule[]> {
  const key = `${tenantId}:${roleId}:${version}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const { rows } = await client.query<{ role_modules: RoleModule[] }>({
    name: 'role_modules',
    text: ROLE_MODULES_SQL,
    values: [tenantId, roleId],
  });
  const modules = rows[0]?.role_modules ?? [];
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key, modules);
  return modules;
}
