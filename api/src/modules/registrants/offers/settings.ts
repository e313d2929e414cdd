import type { TenantConn } from '../../../db/tenant-db';

export interface OfferSettings {
  deadline_days: number;
  refill: 'auto' | 'staff';
}

/** Until staff choose otherwise, a family has 14 days and a freed seat goes to the next reserve at once. */
export const DEFAULT_OFFER_SETTINGS: OfferSettings = { deadline_days: 14, refill: 'auto' };

/** The period's offer rules (the defaults when staff saved none). */
export async function offerSettings(c: TenantConn, periodId: number): Promise<OfferSettings> {
  const row = await c.db
    .selectFrom('offer_settings')
    .select(['deadline_days', 'refill'])
    .where('tenant_id', '=', c.tenantId)
    .where('school_period_id', '=', periodId)
    .executeTakeFirst();
  return row
    ? { deadline_days: row.deadline_days, refill: row.refill === 'staff' ? 'staff' : 'auto' }
    : DEFAULT_OFFER_SETTINGS;
}

/** Saves the period's offer rules; false when the period is not one the caller may see. */
export async function saveOfferSettings(c: TenantConn, periodId: number, s: OfferSettings) {
  const period = await c.db
    .selectFrom('school_periods')
    .select(['id', 'school_id'])
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', periodId)
    .executeTakeFirst();
  if (!period) return false;
  await c.db
    .insertInto('offer_settings')
    .values({ tenant_id: c.tenantId, school_id: period.school_id, school_period_id: periodId, ...s })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'school_period_id']).doUpdateSet((eb) => ({
        deadline_days: eb.ref('excluded.deadline_days'),
        refill: eb.ref('excluded.refill'),
        updated_at: eb.fn('now'),
      })),
    )
    .execute();
  return true;
}
