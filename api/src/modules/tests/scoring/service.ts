import { TEST_SCORE_MSG, type TestScoreCell, type TestScoreInvalid } from '@psb/contracts';
import type { TenantConn } from '../../../db/tenant-db';
import { HttpError, notFound } from '../../../lib/http-error';
import { moveAll } from '../../registrants';
import { sessionSubjects } from '../session-subjects/subjects';
import { findSession, lockSessions, seatSessions, sessionRows, writeScores } from './repository';

/** The grid of a session: the session, its subjects with their ranges, and every seat with its scores. */
export async function scoreSheet(c: TenantConn, sessionId: number) {
  const session = await findSession(c.db, c.tenantId, sessionId);
  if (!session) throw notFound();
  const [subjects, rows] = await Promise.all([
    sessionSubjects(c.db, c.tenantId, sessionId),
    sessionRows(c.db, c.tenantId, sessionId),
  ]);
  return { session, subjects, rows };
}

/**
 * Checks every cell of a batch against its seat's session subjects and writes the whole batch in the caller's
 * transaction — or, when any cell is wrong, nothing, answering each bad cell by its index so the grid can mark
 * it. Seats the caller may not see (another school, archived) count as not found. A scheduled registrant who
 * gets a score moves on to "tested".
 */
export async function saveScores(
  c: TenantConn,
  userId: number,
  cells: readonly TestScoreCell[],
): Promise<{ saved: number } | TestScoreInvalid> {
  const seats = await seatSessions(c.db, c.tenantId, [...new Set(cells.map((x) => x.registrant_test_id))]);
  const sessionOf = new Map(seats.map((s) => [s.id, s.mst_test_detail_id]));
  await lockSessions(c.db, c.tenantId, [...new Set(sessionOf.values())]);
  const ranges = new Map<number, Map<number, { min: number; max: number }>>();
  for (const sessionId of new Set(sessionOf.values())) {
    const subjects = await sessionSubjects(c.db, c.tenantId, sessionId);
    ranges.set(
      sessionId,
      new Map(subjects.map((s) => [s.mst_subject_id, { min: s.min_score, max: s.max_score }])),
    );
  }
  const bad: TestScoreInvalid['cells'] = [];
  // The last cell for a seat and subject wins, as if the batch had been sent one cell at a time.
  const last = new Map<string, TestScoreCell>();
  const problem = (cell: TestScoreCell): string | null => {
    const sessionId = sessionOf.get(cell.registrant_test_id);
    if (sessionId === undefined) return TEST_SCORE_MSG.seatNotFound;
    const range = ranges.get(sessionId)?.get(cell.mst_subject_id);
    if (!range) return TEST_SCORE_MSG.subjectNotInSession;
    if (cell.score !== null && (cell.score < range.min || cell.score > range.max))
      return TEST_SCORE_MSG.range(range.min, range.max);
    return null;
  };
  cells.forEach((cell, index) => {
    const message = problem(cell);
    if (message) bad.push({ index, message });
    else last.set(`${cell.registrant_test_id}:${cell.mst_subject_id}`, cell);
  });
  if (bad.length > 0) return { success: false, message: TEST_SCORE_MSG.invalid(bad.length), cells: bad };
  const kept = [...last.values()];
  await writeScores(c.db, c.tenantId, userId, kept);
  // A scheduled registrant with a score has sat the test (a cleared score does not take that back).
  const registrantOf = new Map(seats.map((s) => [s.id, s.registrant_id]));
  const scored = kept.filter((x) => x.score !== null).map((x) => registrantOf.get(x.registrant_test_id)!);
  await moveAll(c, 'record_test', [...new Set(scored)], userId);
  return { saved: last.size };
}

/** One cell of one seat (the seat is the path's id); a 400 names the problem. */
export async function saveSubjectScore(
  c: TenantConn,
  userId: number,
  seatId: number,
  cell: { mst_subject_id: number; score: number | null },
) {
  const [seat] = await seatSessions(c.db, c.tenantId, [seatId]);
  if (!seat) throw notFound(TEST_SCORE_MSG.seatNotFound);
  const result = await saveScores(c, userId, [{ registrant_test_id: seatId, ...cell }]);
  if ('cells' in result)
    throw new HttpError(400, result.cells[0]!.message, { score: result.cells[0]!.message });
  return result;
}
