import { type Answers, isCustomQuestionNo, SENSITIVE_QUESTION_NOS, STAFF_ANSWER_MSG } from '@psb/contracts';
import { sql } from 'kysely';
import type { TenantConn } from '../../../db/tenant-db';
import { writeAudit } from '../../../lib/audit';
import { HttpError, notFound } from '../../../lib/http-error';
import type { AuthContext } from '../../../types';
import { maySeeSensitive } from '../../master-data';
import { assertValidAnswers, cascadeFor, mergedAnswers } from '../answer-rules';
import { lockRegistrant } from '../status';

/**
 * States in which the answers are settled: once a result is published (accepted, rejected, reserve,
 * re-registered) the decision rests on them, and a withdrawn application is closed. Before that staff may
 * correct answers in any state, the parent's locked (submitted) form included — that is the point of it.
 */
const CLOSED = new Set(['accepted', 'rejected', 'reserve', 're_registered', 'withdrawn']);

const SENSITIVE = new Set(SENSITIVE_QUESTION_NOS.map(String));

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Staff change a registrant's answers under the parent form's rules (the same validation, the same clearing
 * of dependent answers). The changed answers are audited old → new with who changed them; nothing changed,
 * nothing written. Returns the question numbers whose answer changed. Staff who are not shown sensitive answers
 * (no Data Sensitif) cannot change one either, directly or by an answer whose change clears it: they would be
 * overwriting what they cannot see (403, and the transaction writes nothing).
 */
export async function editAnswers(c: TenantConn, auth: AuthContext, id: number, data: Answers) {
  const r = await lockRegistrant(c.db, c.tenantId, id);
  if (!r) throw notFound();
  if (r.deleted_at !== null) throw new HttpError(409, STAFF_ANSWER_MSG.archived);
  if (CLOSED.has(r.status)) throw new HttpError(409, STAFF_ANSWER_MSG.closed);
  const custom = Object.keys(data).some((k) => isCustomQuestionNo(Number(k))) ? r.custom_questions : [];
  assertValidAnswers(data, custom);

  const updated = await c.db
    .updateTable('registrants as r')
    .set({ ...mergedAnswers(data, cascadeFor(data)), updated_at: sql`now()` })
    .where('r.tenant_id', '=', c.tenantId)
    .where('r.id', '=', id)
    .returning('r.question_answer')
    .executeTakeFirstOrThrow();

  const before = r.question_answer;
  const after = updated.question_answer;
  const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((k) => !same(before[k], after[k]))
    .sort((a, b) => Number(a) - Number(b));
  if (!maySeeSensitive(auth) && changed.some((k) => SENSITIVE.has(k)))
    throw new HttpError(403, STAFF_ANSWER_MSG.sensitive);
  if (changed.length)
    await writeAudit(c, {
      userId: auth.user.id,
      action: 'update_answers',
      resource: 'registrants',
      recordId: id,
      before: { answers: Object.fromEntries(changed.map((k) => [k, before[k] ?? null])) },
      after: { answers: Object.fromEntries(changed.map((k) => [k, after[k] ?? null])) },
    });
  return changed;
}
