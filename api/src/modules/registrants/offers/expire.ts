import { sql } from 'kysely';
import type { TenantConn } from '../../../db/tenant-db';
import { writeAudit } from '../../../lib/audit';
import { offerMessage } from './message';
import { giveBackSeat } from './release';

/** Open offers past their deadline, oldest first (a run takes at most this many; the next run the rest). */
export async function expiredOfferIds(c: TenantConn, limit = 500) {
  const rows = await c.db
    .selectFrom('offers')
    .select('id')
    .where('tenant_id', '=', c.tenantId)
    .where('state', '=', 'open')
    .where((eb) => eb('deadline_at', '<', sql<Date>`now()`))
    .orderBy('deadline_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * One unanswered offer past its deadline expires, in the caller's transaction: the family is told, the
 * registrant withdraws by the rule and the seat goes to the reserve list. An offer answered or extended
 * meanwhile is left alone. Returns whether it expired.
 */
export async function expireOffer(c: TenantConn, offerId: number) {
  const o = await c.db
    .selectFrom('offers')
    .select(['id', 'registrant_id', 'state'])
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', offerId)
    .where('state', '=', 'open')
    .where((eb) => eb('deadline_at', '<', sql<Date>`now()`))
    .forUpdate()
    .executeTakeFirst();
  if (!o) return false;
  await c.db
    .updateTable('offers')
    .set((eb) => ({ state: 'expired', updated_at: eb.fn('now') }))
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', o.id)
    .execute();
  await offerMessage(c, o.id, 'expired');
  await writeAudit(c, {
    userId: null,
    action: 'offer_expired',
    resource: 'offers',
    recordId: o.id,
    before: { state: 'open' },
    after: { state: 'expired' },
  });
  await giveBackSeat(c, o.registrant_id, {
    reason: 'Batas daftar ulang terlewati tanpa jawaban.',
    userId: null,
    action: 'offer_expired',
  });
  return true;
}
