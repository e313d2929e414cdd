import type { TenantConn } from '../../db/tenant-db';

/** configs rows by name (missing names are absent from the map). */
export async function configRows(c: TenantConn, names: readonly string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const rows = await c.db
    .selectFrom('configs')
    .select(['name', 'value'])
    .where('tenant_id', '=', c.tenantId)
    .where('name', 'in', names)
    .execute();
  return new Map(rows.map((r) => [r.name, r.value]));
}

export async function upsertConfigRows(c: TenantConn, rows: ReadonlyMap<string, string>): Promise<void> {
  if (rows.size === 0) return;
  await c.db
    .insertInto('configs')
    .values([...rows].map(([name, value]) => ({ tenant_id: c.tenantId, name, value })))
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'name']).doUpdateSet((eb) => ({
        value: eb.ref('excluded.value'),
        updated_at: new Date(),
      })),
    )
    .execute();
}
