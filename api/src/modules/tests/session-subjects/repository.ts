import type { SessionSubjectInput } from '@psb/contracts';
import { sql } from 'kysely';
import type { Db } from '../../../db/kysely';

/**
 * A live session the caller may see (the school scope applies through its period), with what the editor
 * shows about it; `lock` holds the row so two editors of one session save one after the other.
 */
export function findSession(db: Db, tenantId: number, id: number, lock = false) {
  const q = db
    .selectFrom('mst_test_details as d')
    .innerJoin('mst_tests as t', (j) =>
      j.onRef('t.tenant_id', '=', 'd.tenant_id').onRef('t.id', '=', 'd.mst_test_id'),
    )
    .innerJoin('school_periods as p', (j) =>
      j.onRef('p.tenant_id', '=', 'd.tenant_id').onRef('p.id', '=', 'd.school_period_id'),
    )
    .select([
      'd.id',
      'd.name',
      't.name as test_name',
      sql<string>`to_char(d.test_date, 'YYYY-MM-DD')`.as('test_date'),
      'p.name as school_period_name',
    ])
    .where('d.tenant_id', '=', tenantId)
    .where('d.id', '=', id)
    .where('d.deleted_at', 'is', null);
  return (lock ? q.forUpdate('d') : q).executeTakeFirst();
}

/** Scores given per subject to the session's live seats. */
export async function scoredCounts(db: Db, tenantId: number, sessionId: number) {
  const rows = await db
    .selectFrom('registrant_test_scores as sc')
    .innerJoin('registrant_tests as rt', (j) =>
      j.onRef('rt.tenant_id', '=', 'sc.tenant_id').onRef('rt.id', '=', 'sc.registrant_test_id'),
    )
    .select(['sc.mst_subject_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('sc.tenant_id', '=', tenantId)
    .where('rt.mst_test_detail_id', '=', sessionId)
    .where('rt.deleted_at', 'is', null)
    .groupBy('sc.mst_subject_id')
    .execute();
  return new Map(rows.map((r) => [r.mst_subject_id, Number(r.n)]));
}

/** The subjects among `ids`, archived ones too (a chosen subject archived later may stay in its session). */
export function subjectsByIds(db: Db, tenantId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('mst_subjects')
    .select(['id', 'name', 'deleted_at'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
}

/** Replaces the session's subjects by `list`, in its order. */
export async function writeSubjects(
  db: Db,
  tenantId: number,
  sessionId: number,
  list: readonly SessionSubjectInput[],
) {
  await db
    .deleteFrom('mst_test_detail_subjects')
    .where('tenant_id', '=', tenantId)
    .where('mst_test_detail_id', '=', sessionId)
    .execute();
  if (list.length === 0) return;
  await db
    .insertInto('mst_test_detail_subjects')
    .values(
      list.map((s, i) => ({
        tenant_id: tenantId,
        mst_test_detail_id: sessionId,
        mst_subject_id: s.mst_subject_id,
        sort_order: i + 1,
        min_score: s.min_score,
        max_score: s.max_score,
      })),
    )
    .execute();
}
