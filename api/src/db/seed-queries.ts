import type { Db } from './kysely';

/** Reads shared by the seeds and the bench data (owner connection, inside their transaction). */
export async function tenantIdBySlug(db: Db, slug: string): Promise<number | undefined> {
  const row = await db.selectFrom('tenants').select('id').where('slug', '=', slug).executeTakeFirst();
  return row?.id;
}

/** Live schools of a tenant by level (SD, SMP, …). */
export async function schoolIdsByLevel(db: Db, tenantId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('schools')
    .select(['id', 'level'])
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((s) => [s.level, s.id]));
}
