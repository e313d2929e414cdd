import type { TenantConn } from '../../../db/tenant-db';
import { queueSeatMessages } from '../../content';
import { scheduleSeated } from '../../registrants';
import type { PlacedSeat } from './outcome';

/** The schedule message of each seat, through content's outbox, and the seats marked notified. */
export async function queueScheduleMessages(c: TenantConn, seatIds: number[]) {
  if (seatIds.length === 0) return;
  await queueSeatMessages(c, seatIds);
  await c.db
    .updateTable('registrant_tests')
    .set((eb) => ({ notified_at: eb.fn('now') }))
    .where('tenant_id', '=', c.tenantId)
    .where('id', 'in', seatIds)
    .execute();
}

/** The placed registrants are now scheduled; with `notify` their parents are sent the schedule message. */
export async function announceSeats(
  c: TenantConn,
  placed: PlacedSeat[],
  p: { userId: number | null; notify: boolean },
) {
  await scheduleSeated(
    c,
    placed.map((s) => s.registrant_id),
    p.userId,
  );
  if (p.notify)
    await queueScheduleMessages(
      c,
      placed.map((s) => s.registrant_test_id),
    );
}
