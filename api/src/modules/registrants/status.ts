import {
  allowedFrom,
  buildSurvey,
  type CustomQuestion,
  familyMissing,
  flagsOf,
  missingRequired,
  type RegistrantStatus,
  refusalReason,
  TRANSITION_RULES,
  type TransitionName,
  targetOf,
} from '@psb/contracts';
import { sql } from 'kysely';
import type { JsonObject } from '../../db/generated/database';
import type { Db } from '../../db/kysely';
import type { TenantConn } from '../../db/tenant-db';
import { HttpError, notFound } from '../../lib/http-error';
import { staffMay } from '../../lib/staff-may';
import type { AuthContext } from '../../types';
import { documentsBlockingVerify } from './documents/verification-service';

/**
 * The one way a registrant's state changes, shared by the parent's and the staff's modules: the row locked,
 * the move checked against the transition table (who, from which state), the state and its flags written
 * together, and a history row in the same transaction. Anything else is refused with 409 and the reason.
 */

/** A registrant (archived ones too) locked for a state change, with what the rules need. */
export function lockRegistrant(db: Db, tenantId: number, id: number) {
  return (
    db
      .selectFrom('registrants')
      .select([
        'id',
        'user_id',
        'status',
        'question_answer',
        'deleted_at',
        'school_id',
        'school_period_id',
        'mst_class_id',
        'token_id',
        'is_test',
        'is_accepted',
        'family_copied',
      ])
      // The school's own questions of the registrant's period count as the fixed ones do.
      .select(
        sql<CustomQuestion[]>`custom_questions_of(tenant_id, school_id, school_period_id)`.as(
          'custom_questions',
        ),
      )
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst()
  );
}
export type LockedRegistrant = NonNullable<Awaited<ReturnType<typeof lockRegistrant>>>;

export interface HistoryEntry {
  registrantId: number;
  action: string;
  from: string;
  to: string;
  reason?: string | null;
  detail?: JsonObject | null;
  userId: number | null;
}

export async function writeHistory(db: Db, tenantId: number, e: HistoryEntry) {
  await db
    .insertInto('registrant_status_history')
    .values({
      tenant_id: tenantId,
      registrant_id: e.registrantId,
      action: e.action,
      from_status: e.from,
      to_status: e.to,
      reason: e.reason ?? null,
      detail: e.detail ?? null,
      user_id: e.userId,
    })
    .execute();
}

export interface TransitionInput {
  id: number;
  name: TransitionName;
  auth: AuthContext;
  reason?: string | null;
  /** Verify although required documents are not accepted: why (kept in the history and the audit). */
  overrideReason?: string | null;
}

export interface TransitionResult {
  id: number;
  from: RegistrantStatus;
  to: RegistrantStatus;
  missing: { no: number; label: string }[];
}

const REASON_REQUIRED = 'Alasan wajib diisi.';

/**
 * Runs one transition inside the caller's transaction (`c` from `req.tx`). A parent move needs the caller to
 * own the registrant (else 404, like any other registrant that is not theirs); a staff move needs the
 * module's update flag (403) — the school scope has already hidden other schools' rows (404).
 * `submit` refuses while required answers are missing: the result lists them and nothing changes.
 */
export async function transition(c: TenantConn, input: TransitionInput): Promise<TransitionResult> {
  const rule = TRANSITION_RULES[input.name];
  const { auth } = input;
  const r = await lockRegistrant(c.db, c.tenantId, input.id);
  if (!r || r.deleted_at !== null) throw notFound();
  if (rule.by.kind === 'parent' && r.user_id !== auth.user.id) throw notFound();
  if (rule.by.kind === 'staff' && !staffMay(auth, rule.by.module))
    throw new HttpError(403, 'Anda tidak memiliki akses.');
  const from = r.status;
  if (!allowedFrom(input.name, from)) throw new HttpError(409, refusalReason(input.name, from));
  const reason = input.reason?.trim() || null;
  if (rule.needsReason && !reason) throw new HttpError(400, REASON_REQUIRED, { reason: REASON_REQUIRED });
  const overrideReason = input.overrideReason?.trim() || null;
  const overridden =
    input.name === 'verify' ? await documentsBlockingVerify(c, r.id, r.school_id, overrideReason) : [];

  const survey = buildSurvey(r.custom_questions);
  const missing = [
    ...missingRequired(r.question_answer, survey).map((q) => ({ no: q.no, label: q.label })),
    // Answers copied from the family's form hold Submit until the parent has confirmed them.
    ...familyMissing(r.question_answer, r.family_copied),
  ];
  if ((input.name === 'submit' || input.name === 'submit_on_behalf') && missing.length)
    return { id: r.id, from, to: from, missing };
  const to = targetOf(input.name, missing.length);
  if (to === from) return { id: r.id, from, to, missing };

  await writeMove(c, {
    id: r.id,
    name: input.name,
    from,
    to,
    reason,
    userId: auth.user.id,
    detail: overridden.length
      ? { documents_not_accepted: overridden, override_reason: overrideReason }
      : null,
  });
  // A registrant seated while still submitted is scheduled the moment it is verified (its own history row).
  if (input.name === 'verify' && (await holdsSeat(c, r.id))) {
    await scheduleSeated(c, [r.id], auth.user.id);
    return { id: r.id, from, to: 'scheduled', missing };
  }
  return { id: r.id, from, to, missing };
}

interface Move {
  id: number;
  name: TransitionName;
  from: RegistrantStatus;
  to: RegistrantStatus;
  reason: string | null;
  userId: number | null;
  detail?: JsonObject | null;
}

/** The state and its flags written together with the history row (the move already checked). */
async function writeMove(c: TenantConn, m: Move) {
  const { to, name: moveName } = m;
  const flags = flagsOf(to);
  await c.db
    .updateTable('registrants')
    .set((eb) => ({
      status: to,
      status_changed_at: eb.fn('now'),
      updated_at: eb.fn('now'),
      // Reopening tells the parent why; any later move clears it.
      status_note: moveName === 'open_form' ? m.reason : null,
      ...(flags && {
        is_submit: flags.is_submit,
        is_verified: flags.is_verified,
        locked: flags.locked,
        ...(flags.is_test !== null && { is_test: flags.is_test }),
        ...(flags.is_accepted !== undefined && { is_accepted: flags.is_accepted }),
      }),
      ...(to === 'submitted' && { submitted_at: eb.fn('now') }),
      ...(to === 'submitted' || to === 'form_complete'
        ? { survey_completed_at: eb.fn.coalesce('survey_completed_at', eb.fn<Date>('now')) }
        : {}),
    }))
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', m.id)
    .execute();
  await writeHistory(c.db, c.tenantId, {
    registrantId: m.id,
    action: moveName,
    from: m.from,
    to,
    reason: m.reason,
    detail: m.detail ?? null,
    userId: m.userId,
  });
}

/**
 * A move the offers make on their own rules (a seat refilled from the reserve list, an unanswered offer
 * expiring, a parent declining their seat): checked against the transition table's states like any other,
 * but not against an actor's permission — the rule is the actor, named in the history with its reason.
 */
export async function moveByRule(
  c: TenantConn,
  m: { id: number; name: TransitionName; reason: string; userId: number | null; detail?: JsonObject },
) {
  const r = await lockRegistrant(c.db, c.tenantId, m.id);
  if (!r || r.deleted_at !== null) throw notFound();
  const from = r.status;
  if (!allowedFrom(m.name, from)) throw new HttpError(409, refusalReason(m.name, from));
  const to = targetOf(m.name, 0);
  await writeMove(c, { ...m, from, to, detail: m.detail ?? null });
  return { from, to, registrant: r };
}

/** Whether the registrant holds a live seat in a test session. */
async function holdsSeat(c: TenantConn, registrantId: number) {
  const seat = await c.db
    .selectFrom('registrant_tests')
    .select('id')
    .where('tenant_id', '=', c.tenantId)
    .where('registrant_id', '=', registrantId)
    .where('deleted_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return seat !== undefined;
}

/**
 * A move the system makes for every given registrant still in the move's state, at once, with one history row
 * each; returns the ids moved. The flags of both states are the same (a CHECK refuses any drift), so only the
 * state changes. The caller's own permission covers it:
 * - `schedule` (verified → scheduled) where registrants get a test seat (Assign Tes, or submitting with
 *   generate_schedule); a submitted one is scheduled by its seat once staff verify it (`transition` runs this
 *   right after `verify`);
 * - `record_test` (scheduled → tested) where staff save a registrant's scores.
 */
export async function moveAll(
  c: TenantConn,
  name: 'schedule' | 'record_test',
  ids: number[],
  userId: number | null,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rule = TRANSITION_RULES[name];
  const from = rule.from[0]!;
  const { to } = rule;
  if (to === 'form_state') throw new Error(`${name} names no target state`); // both moves name one
  const moved = await c.db
    .updateTable('registrants')
    .set((eb) => ({
      status: to,
      status_changed_at: eb.fn('now'),
      updated_at: eb.fn('now'),
      status_note: null,
      is_test: flagsOf(to)?.is_test ?? true,
    }))
    .where('tenant_id', '=', c.tenantId)
    .where('id', 'in', ids)
    .where('status', '=', from)
    .where('deleted_at', 'is', null)
    .returning('id')
    .execute();
  if (moved.length === 0) return [];
  await c.db
    .insertInto('registrant_status_history')
    .values(
      moved.map((r) => ({
        tenant_id: c.tenantId,
        registrant_id: r.id,
        action: name,
        from_status: from,
        to_status: to,
        reason: null,
        detail: null,
        user_id: userId,
      })),
    )
    .execute();
  return moved.map((r) => r.id);
}

/** The `schedule` move for seated registrants (see moveAll). */
export const scheduleSeated = (c: TenantConn, ids: number[], userId: number | null) =>
  moveAll(c, 'schedule', ids, userId);
