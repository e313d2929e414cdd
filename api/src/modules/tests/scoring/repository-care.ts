import { sql } from 'kysely';
import type { Db } from '../../../db/kysely';

/** A registrant's health data with numbers as numbers; no row yet → undefined. */
export function findHealthData(db: Db, tenantId: number, registrantId: number) {
  return db
    .selectFrom('registrant_health_data')
    .select([
      'registrant_id',
      sql<number | null>`height_cm::float8`.as('height_cm'),
      sql<number | null>`weight_kg::float8`.as('weight_kg'),
      sql<'A' | 'B' | 'AB' | 'O' | null>`blood_type`.as('blood_type'),
      'vision',
      'hearing',
      'allergies',
      'medical_history',
      'notes',
      sql<string>`to_json(updated_at)#>>'{}'`.as('updated_at'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('registrant_id', '=', registrantId)
    .executeTakeFirst();
}

/** A registrant's counselling notes; no row yet → undefined. */
export function findCounselling(db: Db, tenantId: number, registrantId: number) {
  return db
    .selectFrom('registrant_bimbingan_konseling')
    .select([
      'registrant_id',
      'counselor_name',
      'observation',
      'recommendation',
      'notes',
      sql<string>`to_json(updated_at)#>>'{}'`.as('updated_at'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('registrant_id', '=', registrantId)
    .executeTakeFirst();
}

type CareTable = 'registrant_health_data' | 'registrant_bimbingan_konseling';

/** Insert or change only the given fields of the registrant's row. */
export async function upsertCare(
  db: Db,
  table: CareTable,
  tenantId: number,
  userId: number,
  registrantId: number,
  fields: Record<string, unknown>,
) {
  const values = { ...fields, tenant_id: tenantId, registrant_id: registrantId, updated_by: userId };
  await db
    .insertInto(table)
    .values(values as never)
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'registrant_id'])
        .doUpdateSet({ ...fields, updated_by: userId, updated_at: sql`now()` } as never),
    )
    .execute();
}
