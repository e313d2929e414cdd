import { sql } from 'kysely';
import type { TenantConn } from '../../../db/tenant-db';
import { writeAudit } from '../../../lib/audit';
import { refreshUsedQuota } from '../class-quota';
import { markWithdrawnAfterResult, publishResult } from '../results';
import { moveByRule } from '../status';
import { openOffer } from './open';
import { offerSettings } from './settings';

interface Released {
  id: number;
  registration_number: string | null;
  school_period_id: number;
  mst_class_id: number;
  mst_accepted_status_id: number | null;
}

function releasedRow(c: TenantConn, id: number) {
  return c.db
    .selectFrom('registrants')
    .select(['id', 'registration_number', 'school_period_id', 'mst_class_id', 'mst_accepted_status_id'])
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/**
 * An accepted registrant gives the seat back (declined, expired): the registrant withdraws by the rule, leaves
 * the active list and the class count, and the seat goes to the reserve list. Returns the refill's offer id.
 */
export async function giveBackSeat(
  c: TenantConn,
  id: number,
  m: { reason: string; userId: number | null; action: string },
) {
  const before = await releasedRow(c, id);
  // The class's seats are locked before anything is written, so moves in one class queue in one order.
  await lockClassSeats(c, before);
  await moveByRule(c, {
    id,
    name: 'withdraw_by_staff',
    reason: m.reason,
    userId: m.userId,
    detail: { rule: m.action },
  });
  await markWithdrawnAfterResult(c, id, m.reason);
  await refreshUsedQuota(c.db, c.tenantId, [
    { periodId: before.school_period_id, classId: before.mst_class_id },
  ]);
  return refillSeat(c, before, m.userId);
}

/** The seats of one period and class, held until the transaction ends (taking it again is free). */
export const lockClassSeats = (c: TenantConn, r: { school_period_id: number; mst_class_id: number }) =>
  sql`SELECT pg_advisory_xact_lock(${r.school_period_id}::int, ${r.mst_class_id}::int)`.execute(c.db);

/**
 * The seat an accepted registrant left goes to the next reserve registrant of the same period and class, in
 * the published rank order — unless the period waits for staff to confirm (the reserve proposals). Seats of
 * one class are refilled one at a time (a transaction-scoped advisory lock per period and class), and each
 * freed seat once (the offers' unique key on it), so concurrent releases never make more offers than seats.
 */
export async function refillSeat(c: TenantConn, released: Released, userId: number | null) {
  const { refill } = await offerSettings(c, released.school_period_id);
  if (refill !== 'auto') return null;
  await lockClassSeats(c, released);
  // Read after the lock: this statement sees every refill committed by the lock's previous holder.
  const done = await c.db
    .selectFrom('offers')
    .select('id')
    .where('tenant_id', '=', c.tenantId)
    .where('released_registrant_id', '=', released.id)
    .executeTakeFirst();
  if (done) return null;
  const next = await c.db
    .selectFrom('registrants')
    .select(['id', 'reserve_rank'])
    .where('tenant_id', '=', c.tenantId)
    .where('school_period_id', '=', released.school_period_id)
    .where('mst_class_id', '=', released.mst_class_id)
    .where('status', '=', 'reserve')
    .where('deleted_at', 'is', null)
    .where('reserve_rank', 'is not', null)
    .orderBy('reserve_rank')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!next) return null;
  const statusId = released.mst_accepted_status_id ?? (await anyAcceptedStatus(c));
  if (!statusId) return null;
  const reason = `Ditawarkan karena kursi dari ${released.registration_number ?? `#${released.id}`} dilepas; peringkat cadangan ${next.reserve_rank}`;
  await moveByRule(c, {
    id: next.id,
    name: 'accept',
    reason,
    userId,
    detail: { rule: 'refill', released_registrant_id: released.id, reserve_rank: next.reserve_rank },
  });
  await publishResult(c, next.id, { statusId, by: userId, rank: null });
  const offerId = await openOffer(c, next.id, {
    reason,
    releasedFrom: released.id,
    reserveRank: next.reserve_rank,
  });
  await writeAudit(c, {
    userId,
    action: 'offer_refilled',
    resource: 'registrants',
    recordId: next.id,
    before: { status: 'reserve', reserve_rank: next.reserve_rank },
    after: { status: 'accepted', released_registrant_id: released.id, rule: 'refill' },
  });
  return offerId;
}

async function anyAcceptedStatus(c: TenantConn) {
  const s = await c.db
    .selectFrom('mst_accepted_statuses')
    .select('id')
    .where('tenant_id', '=', c.tenantId)
    .where('is_accepted', '=', true)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return s?.id ?? null;
}

/**
 * An accepted registrant withdrew (recorded by staff): an unanswered offer is closed as declined with that
 * reason, and the seat goes to the reserve list like any other freed seat.
 */
export async function seatFreedByWithdrawal(
  c: TenantConn,
  id: number,
  reason: string,
  userId: number | null,
) {
  await c.db
    .updateTable('offers')
    .set((eb) => ({
      state: 'declined',
      decline_reason: 'Mengundurkan diri',
      decline_note: reason,
      answered_at: eb.fn('now'),
      updated_at: eb.fn('now'),
    }))
    .where('tenant_id', '=', c.tenantId)
    .where('registrant_id', '=', id)
    .where('state', '=', 'open')
    .execute();
  return refillSeat(c, await releasedRow(c, id), userId);
}
