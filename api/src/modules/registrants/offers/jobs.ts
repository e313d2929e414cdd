import { kyselyOnPool } from '../../../db/kysely';
import type { Pool } from '../../../db/pool';
import { EVERY_SCHOOL, withTenantTx } from '../../../db/tenant-db';
import { expiredOfferIds, expireOffer } from './expire';
import { writeOfferReminders } from './reminders';

/**
 * Expires every open offer of the tenant past its deadline, each in a transaction of its own (a seat refilled
 * with it); answers how many expired. The `offers.expire` schedule runs it every minute for every tenant.
 */
export async function expireDueOffers(pool: Pool, tenantId: number) {
  const ids = await withTenantTx(pool, tenantId, (c) => expiredOfferIds(c), EVERY_SCHOOL);
  let expired = 0;
  for (const id of ids)
    if (await withTenantTx(pool, tenantId, (c) => expireOffer(c, id), EVERY_SCHOOL)) expired += 1;
  return expired;
}

/** Writes the tenant's due offer reminders and re-registration messages (`offers.remind`); answers how many. */
export const remindDueOffers = (pool: Pool, tenantId: number) =>
  withTenantTx(pool, tenantId, (c) => writeOfferReminders(c), EVERY_SCHOOL);

/** Runs a job for every tenant in service; answers what it did per tenant. */
export async function forEveryTenant(pool: Pool, run: (pool: Pool, tenantId: number) => Promise<number>) {
  const tenants = await kyselyOnPool(pool)
    .selectFrom('tenants')
    .select('id')
    .where('disabled_at', 'is', null)
    .execute();
  const out: { tenantId: number; done: number }[] = [];
  for (const t of tenants) out.push({ tenantId: t.id, done: await run(pool, t.id) });
  return out;
}
