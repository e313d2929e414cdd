import { sql } from 'kysely';
import type { Db } from '../../../db/kysely';

/** A live registration period the caller may see (school scope applies), with its school's name. */
export function findPeriod(db: Db, tenantId: number, periodId: number) {
  return db
    .selectFrom('school_periods as p')
    .innerJoin('schools as s', (j) =>
      j.onRef('s.tenant_id', '=', 'p.tenant_id').onRef('s.id', '=', 'p.school_id'),
    )
    .select(['p.id', 'p.name', 's.name as school_name'])
    .where('p.tenant_id', '=', tenantId)
    .where('p.id', '=', periodId)
    .where('p.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Live subjects, in the order of the legger's columns. */
export function liveSubjects(db: Db, tenantId: number) {
  return db
    .selectFrom('mst_subjects')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Live registrants of the period with their scores (subject id → score), by registration number. */
export function registrantsWithScores(db: Db, tenantId: number, periodId: number) {
  return db
    .selectFrom('registrants as r')
    .select([
      'r.id',
      'r.registration_number',
      'r.name',
      sql<Record<string, number>>`COALESCE((
        SELECT jsonb_object_agg(sc.mst_subject_id::text, sc.score::float8)
        FROM registrant_subject_scores sc
        WHERE sc.tenant_id = r.tenant_id AND sc.registrant_id = r.id), '{}'::jsonb)`.as('scores'),
    ])
    .where('r.tenant_id', '=', tenantId)
    .where('r.school_period_id', '=', periodId)
    .where('r.deleted_at', 'is', null)
    .orderBy('r.registration_number')
    .execute();
}

export interface ScoreRow {
  registrant_id: number;
  mst_subject_id: number;
  score: number;
}

/** Writes the scores (insert or replace), in one statement. */
export async function upsertScores(db: Db, tenantId: number, userId: number, rows: readonly ScoreRow[]) {
  if (rows.length === 0) return;
  await sql`
    INSERT INTO registrant_subject_scores (tenant_id, registrant_id, mst_subject_id, score, updated_by)
    SELECT ${tenantId}, x.registrant_id, x.mst_subject_id, x.score, ${userId}
    FROM unnest(${rows.map((r) => r.registrant_id)}::int[], ${rows.map((r) => r.mst_subject_id)}::int[],
                ${rows.map((r) => r.score)}::numeric[]) AS x (registrant_id, mst_subject_id, score)
    ON CONFLICT (tenant_id, registrant_id, mst_subject_id)
    DO UPDATE SET score = EXCLUDED.score, updated_by = EXCLUDED.updated_by, updated_at = now()
  `.execute(db);
}
