import {
  DEFAULT_SCORE_RANGE,
  SESSION_SUBJECT_MSG,
  type SessionSubjects,
  type SessionSubjectsBody,
} from '@psb/contracts';
import type { TenantConn } from '../../../db/tenant-db';
import { writeAudit } from '../../../lib/audit';
import { HttpError, notFound } from '../../../lib/http-error';
import { findSession, scoredCounts, subjectsByIds, writeSubjects } from './repository';
import { chosenSubjects, defaultSubjects } from './subjects';

type Session = NonNullable<Awaited<ReturnType<typeof findSession>>>;
type Ranged = { mst_subject_id: number; min_score: number; max_score: number };

/** What scoring uses now (the chosen subjects, else every live subject 0–100), and whether any were chosen. */
async function current(c: TenantConn, sessionId: number) {
  const chosen = await chosenSubjects(c.db, c.tenantId, sessionId);
  if (chosen.length > 0) return { chosen: true, subjects: chosen };
  return { chosen: false, subjects: await defaultSubjects(c.db, c.tenantId) };
}

async function view(c: TenantConn, session: Session): Promise<SessionSubjects> {
  // One connection: the queries run one after the other anyway.
  const now = await current(c, session.id);
  const counts = await scoredCounts(c.db, c.tenantId, session.id);
  const live = now.chosen ? await defaultSubjects(c.db, c.tenantId) : now.subjects;
  return {
    session,
    chosen: now.chosen,
    subjects: now.subjects.map((s) => ({ ...s, scored: counts.get(s.mst_subject_id) ?? 0 })),
    choices: live.map((s) => ({ id: s.mst_subject_id, name: s.name })),
  };
}

export async function readSessionSubjects(c: TenantConn, sessionId: number) {
  const session = await findSession(c.db, c.tenantId, sessionId);
  if (!session) throw notFound();
  return view(c, session);
}

/**
 * Replaces the session's subjects. A subject added must be live (one already chosen may stay after it was
 * archived); every subject that already has scores in the session must keep its range in what scoring will
 * use afterwards — an empty list falls back to every live subject 0–100 — else 409 naming it.
 */
export async function replaceSessionSubjects(
  c: TenantConn,
  userId: number,
  sessionId: number,
  body: SessionSubjectsBody,
) {
  const session = await findSession(c.db, c.tenantId, sessionId, true);
  if (!session) throw notFound();
  const before = await current(c, sessionId);
  const kept = new Set(before.chosen ? before.subjects.map((s) => s.mst_subject_id) : []);
  const found = new Map(
    (
      await subjectsByIds(
        c.db,
        c.tenantId,
        body.subjects.map((s) => s.mst_subject_id),
      )
    ).map((s) => [s.id, s]),
  );
  const fields: Record<string, string> = {};
  body.subjects.forEach((s, i) => {
    const subject = found.get(s.mst_subject_id);
    if (!subject || (subject.deleted_at !== null && !kept.has(s.mst_subject_id)))
      fields[`subjects.${i}.mst_subject_id`] = SESSION_SUBJECT_MSG.subjectMissing;
  });
  if (Object.keys(fields).length > 0) throw new HttpError(400, SESSION_SUBJECT_MSG.subjectMissing, fields);

  const after: Ranged[] =
    body.subjects.length > 0
      ? body.subjects
      : (await defaultSubjects(c.db, c.tenantId)).map((s) => ({ ...s, ...DEFAULT_SCORE_RANGE }));
  const afterOf = new Map(after.map((s) => [s.mst_subject_id, s]));
  const counts = await scoredCounts(c.db, c.tenantId, sessionId);
  for (const s of before.subjects) {
    if (!counts.get(s.mst_subject_id)) continue;
    const next = afterOf.get(s.mst_subject_id);
    if (!next || next.min_score !== s.min_score || next.max_score !== s.max_score)
      throw new HttpError(409, SESSION_SUBJECT_MSG.scored(s.name));
  }

  await writeSubjects(c.db, c.tenantId, sessionId, body.subjects);
  const ranges = (list: readonly Ranged[]) =>
    list.map(({ mst_subject_id, min_score, max_score }) => ({ mst_subject_id, min_score, max_score }));
  await writeAudit(c, {
    userId,
    action: 'mst_test_detail_subjects.update',
    resource: 'mst_test_details',
    recordId: sessionId,
    before: { subjects: before.chosen ? ranges(before.subjects) : [] },
    after: { subjects: ranges(body.subjects) },
  });
  return {
    message: body.subjects.length > 0 ? SESSION_SUBJECT_MSG.saved : SESSION_SUBJECT_MSG.cleared,
    data: await view(c, session),
  };
}
