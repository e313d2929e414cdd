import { ASSIGN_MSG, type AssignTest, type assignTestSchema } from '@psb/contracts';
import type { z } from 'zod';
import type { TenantConn } from '../../../db/tenant-db';
import { forbidden, HttpError, notFound } from '../../../lib/http-error';
import { staffMay } from '../../../lib/staff-may';
import type { AuthContext } from '../../../types';
import { placeAuto, placeManual, type SeatOutcome, scheduledTests } from '../seats';
import { periodsOf, registrantOwner, scheduleOf } from './repository';

type AssignBody = z.output<typeof assignTestSchema>;

/**
 * By hand into one session (all or none), or automatically: the registrants grouped by period, each given a
 * seat for the requested test type or for every active test schedule of its period. Registrants the caller
 * cannot see (another school) are reported like any other that cannot be seated.
 */
export async function assign(c: TenantConn, auth: AuthContext, body: AssignBody): Promise<SeatOutcome> {
  const userId = auth.user.id;
  const notify = body.send_notification ?? true;
  if (body.mst_test_detail_id) {
    if (body.mst_test_id) {
      const s = await c.db
        .selectFrom('mst_test_details')
        .select('mst_test_id')
        .where('tenant_id', '=', c.tenantId)
        .where('id', '=', body.mst_test_detail_id)
        .executeTakeFirst();
      if (s && s.mst_test_id !== body.mst_test_id) {
        const message = 'Sesi yang dipilih bukan sesi dari tipe tes tersebut.';
        throw new HttpError(400, message, { mst_test_detail_id: message });
      }
    }
    return placeManual(c, {
      sessionId: body.mst_test_detail_id,
      registrantIds: body.registrant_ids,
      userId,
      notify,
    });
  }
  const out: SeatOutcome = { placed: [], skipped: [] };
  const periods = new Map<number, number[]>();
  const found = await periodsOf(c, body.registrant_ids);
  const periodOf = new Map(found.map((r) => [r.id, r.school_period_id]));
  for (const id of body.registrant_ids) {
    const p = periodOf.get(id);
    if (p === undefined)
      out.skipped.push({ registrant_id: id, mst_test_id: null, reason: ASSIGN_MSG.notEligible });
    else periods.set(p, [...(periods.get(p) ?? []), id]);
  }
  for (const [periodId, ids] of periods) {
    const testIds = body.mst_test_id ? [body.mst_test_id] : await scheduledTests(c, periodId);
    if (testIds.length === 0)
      out.skipped.push(
        ...ids.map((id) => ({ registrant_id: id, mst_test_id: null, reason: ASSIGN_MSG.noSchedule })),
      );
    for (const testId of testIds) {
      const o = await placeAuto(c, { periodId, testId, registrantIds: ids, userId, notify });
      out.placed.push(...o.placed);
      out.skipped.push(...o.skipped);
    }
  }
  return out;
}

export const assignMessage = (o: SeatOutcome) =>
  o.placed.length
    ? ASSIGN_MSG.assigned(new Set(o.placed.map((p) => p.registrant_id)).size)
    : ASSIGN_MSG.noneAssigned;

/** Staff who may look at seats: read on Assign Tes or on Jadwal Tes/Observasi. */
export function staffMaySeeSeats(auth: AuthContext) {
  return staffMay(auth, 'Assign Tes', 'read') || staffMay(auth, 'Jadwal Tes/Observasi', 'read');
}

/** The registrant's schedule: its parent, or staff who may see seats (the school scope hides the rest). */
export async function testSchedule(c: TenantConn, auth: AuthContext, id: number) {
  const r = await registrantOwner(c, id);
  if (!r) throw notFound();
  const staff = auth.audience === 'admin';
  if (staff ? !staffMaySeeSeats(auth) : r.user_id !== auth.user.id) throw staff ? forbidden() : notFound();
  return scheduleOf(c, id);
}

export type { AssignTest };
