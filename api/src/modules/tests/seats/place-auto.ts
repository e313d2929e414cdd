import { ASSIGN_MSG } from '@psb/contracts';
import type { TenantConn } from '../../../db/tenant-db';
import type { SeatOutcome, SkippedSeat } from './outcome';
import { announceSeats } from './schedule-messages';
import { insertSeats, seatable } from './seat-rows';
import { countSeats, free, lockSessions, reclaimSeats, tally } from './session-lock';

export interface AutoPlacement {
  periodId: number;
  testId: number;
  /** In the order seats are handed out (order of submission for a whole period). */
  registrantIds: number[];
  userId: number | null;
  notify: boolean;
}

/**
 * Automatic placement for one period and test type: each registrant without a seat of that type gets one in
 * the earliest upcoming active session with a free seat. Registrants left over (every session full), not
 * seatable, or already seated are reported, not refused.
 */
export async function placeAuto(c: TenantConn, p: AutoPlacement): Promise<SeatOutcome> {
  const skipped: SkippedSeat[] = [];
  const skip = (ids: number[], reason: string) =>
    skipped.push(...ids.map((registrant_id) => ({ registrant_id, mst_test_id: p.testId, reason })));
  const all = await lockSessions(c, { periodId: p.periodId, testId: p.testId });
  await reclaimSeats(c, all);
  const sessions = all
    .filter((s) => s.is_active && s.upcoming)
    .sort(
      (a, b) =>
        a.test_date.localeCompare(b.test_date) || a.start_time.localeCompare(b.start_time) || a.id - b.id,
    );
  const regs = await seatable(c, p.periodId, p.registrantIds);
  const ok = new Set(regs.map((r) => r.id));
  skip(
    p.registrantIds.filter((id) => !ok.has(id)),
    ASSIGN_MSG.notEligible,
  );
  const seated = new Set(
    regs.length === 0
      ? []
      : (
          await c.db
            .selectFrom('registrant_tests')
            .select('registrant_id')
            .where('tenant_id', '=', c.tenantId)
            .where(
              'registrant_id',
              'in',
              regs.map((r) => r.id),
            )
            .where('mst_test_id', '=', p.testId)
            .where('deleted_at', 'is', null)
            .execute()
        ).map((r) => r.registrant_id),
  );
  skip([...seated], ASSIGN_MSG.alreadyAssigned);
  const wanted: { registrantId: number; schoolId: number; sessionId: number }[] = [];
  const left = sessions.map((s) => ({ s, free: free(s) }));
  let at = 0;
  const full: number[] = [];
  for (const r of regs) {
    if (seated.has(r.id)) continue;
    while (at < left.length && left[at]!.free === 0) at++;
    if (at === left.length) {
      full.push(r.id);
      continue;
    }
    left[at]!.free--;
    wanted.push({ registrantId: r.id, schoolId: r.school_id, sessionId: left[at]!.s.id });
  }
  skip(full, ASSIGN_MSG.noSeat);
  const rows = await insertSeats(c, p.testId, wanted, 'auto', p.userId);
  await countSeats(
    c,
    tally(
      rows.map((r) => r.mst_test_detail_id),
      1,
    ),
  );
  const placed = rows.map((r) => ({
    registrant_id: r.registrant_id,
    registrant_test_id: r.id,
    mst_test_id: p.testId,
    mst_test_detail_id: r.mst_test_detail_id,
    moved_from: null,
  }));
  await announceSeats(c, placed, p);
  return {
    placed,
    skipped,
  };
}

/** The active test types scheduled for a period (what the automatic placement gives seats for). */
export async function scheduledTests(c: TenantConn, periodId: number): Promise<number[]> {
  const rows = await c.db
    .selectFrom('schedule_tests')
    .select('mst_test_id')
    .where('tenant_id', '=', c.tenantId)
    .where('school_period_id', '=', periodId)
    .where('is_active', '=', true)
    .where('deleted_at', 'is', null)
    .orderBy('start_date')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.mst_test_id);
}

/** Automatic seats for one registrant in every test scheduled for its period (the submit's generate_schedule). */
export async function placeRegistrantAuto(c: TenantConn, registrantId: number, userId: number | null) {
  const r = await c.db
    .selectFrom('registrants')
    .select('school_period_id')
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', registrantId)
    .executeTakeFirst();
  if (!r) return { placed: [], skipped: [] } satisfies SeatOutcome;
  const out: SeatOutcome = { placed: [], skipped: [] };
  for (const testId of await scheduledTests(c, r.school_period_id)) {
    const o = await placeAuto(c, {
      periodId: r.school_period_id,
      testId,
      registrantIds: [registrantId],
      userId,
      notify: true,
    });
    out.placed.push(...o.placed);
    out.skipped.push(...o.skipped);
  }
  return out;
}
