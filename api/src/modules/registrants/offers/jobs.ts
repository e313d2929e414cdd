import { kyselyOnPool } from '../../../db/kysely';
import type { Pool } from '../../../db/pool';
import { EVERY_SCHOOL, withTenantTx } from '../../../db/tenant-db';
import { expiredOfferIds, expireOffer } from './expire';

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

export async function expireAllTenants(pool: Pool) {
  const tenants = await kyselyOnPool(pool)
    .selectFrom('tenants')
    .select('id')
    .where('disabled_at', 'is', null)
    .execute();
  const out: { tenantId: number; expired: number }[] = [];
  for (const t of tenants) out.push({ tenantId: t.id, expired: await expireDueOffers(pool, t.id) });
  return out;
}
