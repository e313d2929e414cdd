import { api } from '@psb/api-client/http';
import {
  type ScoreSheet,
  scoreSheetResponseSchema,
  type TestScoreCell,
  type TestScoreInvalid,
  testScoreInvalidResponseSchema,
} from '@psb/contracts/test-scoring';

export const scoringKeys = { sheet: (id: number) => ['score-sheet', id] as const };

export const fetchScoreSheet = async (sessionId: number): Promise<ScoreSheet> =>
  scoreSheetResponseSchema.parse(
    await api.get('registrant_tests/score', { searchParams: { mst_test_detail_id: sessionId } }).json(),
  ).data;

/** A batch answered 400 with its bad cells is a result to mark in the grid, not a failure. */
export async function postScores(cells: TestScoreCell[]): Promise<{ ok: true } | TestScoreInvalid> {
  const res = await api.post('registrant_test_score', {
    json: { scores: cells },
    throwHttpErrors: (status) => status !== 400,
  });
  if (res.status !== 400) return { ok: true };
  const json: unknown = await res.json();
  const invalid = testScoreInvalidResponseSchema.safeParse(json);
  if (invalid.success) return invalid.data;
  throw new Error((json as { message?: string }).message ?? 'Data tidak valid.');
}

export const fetchScoreExport = (kind: 'seats' | 'scores', sessionId: number) =>
  api
    .get(kind === 'seats' ? 'registrant_tests/export' : 'registrants/export/test_score/admin', {
      searchParams: { mst_test_detail_id: sessionId },
      timeout: false,
    })
    .blob();
