import type { Db } from '../../db/kysely';

/**
 * The next registration number of a tenant: PSB-<year>-<school level>-<5-digit counter>, the counter kept per
 * prefix in registration_counters (the row's lock serialises concurrent registrations).
 */
export async function nextRegistrationNumber(db: Db, tenantId: number, year: string, schoolLevel: string) {
  const level = schoolLevel.toUpperCase().replace(/[^A-Z0-9]/g, '') || 'X';
  const prefix = `PSB-${year}-${level}`;
  const { last_value: seq } = await db
    .insertInto('registration_counters')
    .values({ tenant_id: tenantId, prefix, last_value: 1 })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'prefix'])
        .doUpdateSet((eb) => ({ last_value: eb('registration_counters.last_value', '+', 1) })),
    )
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return `${prefix}-${String(seq).padStart(5, '0')}`;
}
