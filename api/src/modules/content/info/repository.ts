import type { TenantConn } from '../../../db/tenant-db';

/** A tenant's config value by name (staff-edited content), or undefined when it has none. */
export async function configValue(c: TenantConn, name: string) {
  const row = await c.db
    .selectFrom('configs')
    .select('value')
    .where('tenant_id', '=', c.tenantId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.value;
}
