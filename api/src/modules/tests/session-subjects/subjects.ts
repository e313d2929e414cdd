import { DEFAULT_SCORE_RANGE } from '@psb/contracts';
import { sql } from 'kysely';
import type { Db } from '../../../db/kysely';

/**
 * The subjects scored in a session with their range, in order: those chosen for it (mst_test_detail_subjects),
 * or — for a session without chosen subjects — every live subject from 0 to 100 (the schools' usual scale), so
 * scoring never waits on that setup. Shared by scoring (which checks scores against it) and the session's
 * subject editor (which keeps the range of a subject that already has scores).
 */
export async function sessionSubjects(db: Db, tenantId: number, sessionId: number) {
  const chosen = await chosenSubjects(db, tenantId, sessionId);
  if (chosen.length > 0) return chosen;
  return defaultSubjects(db, tenantId);
}

export function chosenSubjects(db: Db, tenantId: number, sessionId: number) {
  return db
    .selectFrom('mst_test_detail_subjects as ds')
    .innerJoin('mst_subjects as s', (j) =>
      j.onRef('s.tenant_id', '=', 'ds.tenant_id').onRef('s.id', '=', 'ds.mst_subject_id'),
    )
    .select([
      'ds.mst_subject_id',
      's.name',
      sql<number>`ds.min_score::float8`.as('min_score'),
      sql<number>`ds.max_score::float8`.as('max_score'),
    ])
    .where('ds.tenant_id', '=', tenantId)
    .where('ds.mst_test_detail_id', '=', sessionId)
    .orderBy('ds.sort_order')
    .orderBy('s.name')
    .execute();
}

/** Every live subject with the default range: what a session without chosen subjects is scored on. */
export function defaultSubjects(db: Db, tenantId: number) {
  return db
    .selectFrom('mst_subjects')
    .select([
      'id as mst_subject_id',
      'name',
      sql<number>`${DEFAULT_SCORE_RANGE.min_score}::float8`.as('min_score'),
      sql<number>`${DEFAULT_SCORE_RANGE.max_score}::float8`.as('max_score'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .execute();
}
