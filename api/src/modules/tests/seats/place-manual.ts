import { ASSIGN_MSG } from '@psb/contracts';
import type { TenantConn } from '../../../db/tenant-db';
import { HttpError, notFound } from '../../../lib/http-error';
import type { PlacedSeat, SeatOutcome } from './outcome';
import { announceSeats } from './schedule-messages';
import { insertSeats, isScored, liveSeats, seatable } from './seat-rows';
import { countSeats, free, lockSessions, reclaimSeats, tally } from './session-lock';

export interface ManualPlacement {
  sessionId: number;
  registrantIds: number[];
  userId: number | null;
  notify: boolean;
}

/**
 * Placement by hand: every registrant into one session, all or none. A registrant seated in another session
 * of the same test type is moved (that seat is freed); one already in it stays. Refused when the session is
 * archived or inactive (409), a registrant is not of its period or not seatable (400), a registrant to move
 * has scores (409), or the free seats do not suffice (409).
 */
export async function placeManual(c: TenantConn, p: ManualPlacement): Promise<SeatOutcome> {
  const target = await c.db
    .selectFrom('mst_test_details')
    .select(['id', 'mst_test_id', 'school_period_id', 'deleted_at', 'is_active'])
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', p.sessionId)
    .executeTakeFirst();
  if (!target || target.deleted_at) throw notFound();
  const regs = await seatable(c, target.school_period_id, p.registrantIds);
  if (regs.length !== p.registrantIds.length) {
    const ok = new Set(regs.map((r) => r.id));
    const bad = p.registrantIds.find((id) => !ok.has(id))!;
    const inPeriod = await c.db
      .selectFrom('registrants')
      .select('id')
      .where('tenant_id', '=', c.tenantId)
      .where('id', '=', bad)
      .where('school_period_id', '=', target.school_period_id)
      .executeTakeFirst();
    const message = inPeriod ? ASSIGN_MSG.notEligible : ASSIGN_MSG.otherPeriod;
    throw new HttpError(400, message, { registrant_ids: message });
  }
  const seatsOf = (lock: boolean) => {
    const q = liveSeats(c)
      .where(
        'rt.registrant_id',
        'in',
        regs.map((r) => r.id),
      )
      .where('rt.mst_test_id', '=', target.mst_test_id);
    return lock ? q.forUpdate('rt').execute() : q.execute();
  };
  const before = await seatsOf(false);
  const sessionIds = [...new Set([p.sessionId, ...before.map((s) => s.mst_test_detail_id)])];
  const locked = await lockSessions(c, { ids: sessionIds });
  await reclaimSeats(c, locked);
  const seats = await seatsOf(true);
  // A seat moved by someone else between the first read and the lock: its session is not held.
  if (seats.some((s) => !sessionIds.includes(s.mst_test_detail_id)))
    throw new HttpError(409, ASSIGN_MSG.changed);
  const session = locked.find((s) => s.id === p.sessionId)!;
  if (session.deleted_at) throw notFound();
  if (!session.is_active) throw new HttpError(409, ASSIGN_MSG.sessionClosed);
  const moving = seats.filter((s) => s.mst_test_detail_id !== p.sessionId);
  if (moving.some(isScored)) throw new HttpError(409, ASSIGN_MSG.alreadyScored);
  const seatedIds = new Set(seats.map((s) => s.registrant_id));
  const fresh = regs.filter((r) => !seatedIds.has(r.id));
  const need = fresh.length + moving.length;
  if (need > free(session)) throw new HttpError(409, ASSIGN_MSG.sessionFull(session.name, free(session)));

  const delta = tally(
    moving.map((s) => s.mst_test_detail_id),
    -1,
    new Map([[p.sessionId, need]]),
  );
  if (moving.length)
    await c.db
      .updateTable('registrant_tests')
      .set((eb) => ({
        mst_test_detail_id: p.sessionId,
        assign_method: 'manual',
        assigned_by: p.userId,
        assigned_at: eb.fn('now'),
        notified_at: null,
        is_present: null,
        updated_at: eb.fn('now'),
      }))
      .where('tenant_id', '=', c.tenantId)
      .where(
        'id',
        'in',
        moving.map((s) => s.id),
      )
      .execute();
  const inserted = await insertSeats(
    c,
    target.mst_test_id,
    fresh.map((r) => ({ registrantId: r.id, schoolId: r.school_id, sessionId: p.sessionId })),
    'manual',
    p.userId,
  );
  // The seat check above holds the locks: an insert lost to the unique key would mean a concurrent seat
  // outside them, which every path prevents; count what was actually written all the same.
  delta.set(p.sessionId, moving.length + inserted.length);
  await countSeats(c, delta);
  const placed: PlacedSeat[] = [
    ...moving.map((s) => ({
      registrant_id: s.registrant_id,
      registrant_test_id: s.id,
      mst_test_id: target.mst_test_id,
      mst_test_detail_id: p.sessionId,
      moved_from: s.mst_test_detail_id,
    })),
    ...inserted.map((r) => ({
      registrant_id: r.registrant_id,
      registrant_test_id: r.id,
      mst_test_id: target.mst_test_id,
      mst_test_detail_id: p.sessionId,
      moved_from: null,
    })),
  ];
  await announceSeats(c, placed, p);
  return { placed, skipped: [] };
}
