import { api } from '@psb/api-client/http';
import {
  type ScoreSheet,
  scoreSheetResponseSchema,
  type TestScoreCell,
  type TestScoreInvalid,
  testScoreInvalidResponseSchema,
} from '@psb/contracts/test-scoring';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';

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

export const scoreSheetQuery = (sessionId: number) =>
  queryOptions({ queryKey: ['score-sheet', sessionId] as const, queryFn: () => fetchScoreSheet(sessionId) });
/** The grid owns the values once loaded; refetching would not change what it shows. */
export const useScoreSheet = (sessionId: number, enabled: boolean) =>
  useQuery({
    ...scoreSheetQuery(sessionId),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
/** A session's subjects changed: its grid is built again from the server. */
export const invalidateScoreSheet = (client: QueryClient, sessionId: number) =>
  client.invalidateQueries({ queryKey: scoreSheetQuery(sessionId).queryKey });
