import { sql } from 'kysely';
import type { Db } from '../../../db/kysely';

/** A live session the caller may see (school scope applies through its period), with its room and test type. */
export function findSession(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('mst_test_details as d')
    .innerJoin('mst_tests as t', (j) =>
      j.onRef('t.tenant_id', '=', 'd.tenant_id').onRef('t.id', '=', 'd.mst_test_id'),
    )
    .innerJoin('mst_rooms as r', (j) =>
      j.onRef('r.tenant_id', '=', 'd.tenant_id').onRef('r.id', '=', 'd.mst_room_id'),
    )
    .select([
      'd.id',
      'd.name',
      't.name as test_name',
      'r.name as room_name',
      sql<string>`to_char(d.test_date, 'YYYY-MM-DD')`.as('test_date'),
      'd.start_time',
      'd.end_time',
    ])
    .where('d.tenant_id', '=', tenantId)
    .where('d.id', '=', id)
    .where('d.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The live seats of a session with their registrant and scores (subject id → score), by registration number. */
export function sessionRows(db: Db, tenantId: number, sessionId: number) {
  return db
    .selectFrom('registrant_tests as rt')
    .innerJoin('registrants as g', (j) =>
      j.onRef('g.tenant_id', '=', 'rt.tenant_id').onRef('g.id', '=', 'rt.registrant_id'),
    )
    .select([
      'rt.id as registrant_test_id',
      'rt.registrant_id',
      'g.registration_number',
      'g.name',
      sql<Record<string, number>>`COALESCE((
        SELECT jsonb_object_agg(sc.mst_subject_id::text, sc.score::float8)
        FROM registrant_test_scores sc
        WHERE sc.tenant_id = rt.tenant_id AND sc.registrant_test_id = rt.id), '{}'::jsonb)`.as('scores'),
    ])
    .where('rt.tenant_id', '=', tenantId)
    .where('rt.mst_test_detail_id', '=', sessionId)
    .where('rt.deleted_at', 'is', null)
    .where('g.deleted_at', 'is', null)
    .orderBy('g.registration_number')
    .execute();
}

/** The session of each live seat among `ids` the caller may see (others are simply absent). */
export function seatSessions(db: Db, tenantId: number, ids: readonly number[]) {
  return db
    .selectFrom('registrant_tests')
    .select(['id', 'mst_test_detail_id', 'registrant_id'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
}

/** Flat scores of a session, for clients that keep their own grid. */
export function sessionScores(db: Db, tenantId: number, sessionId: number) {
  return db
    .selectFrom('registrant_test_scores as sc')
    .innerJoin('registrant_tests as rt', (j) =>
      j.onRef('rt.tenant_id', '=', 'sc.tenant_id').onRef('rt.id', '=', 'sc.registrant_test_id'),
    )
    .select([
      'sc.registrant_test_id',
      'rt.registrant_id',
      'sc.mst_subject_id',
      sql<number>`sc.score::float8`.as('score'),
      sql<string>`to_json(sc.updated_at)#>>'{}'`.as('updated_at'),
    ])
    .where('sc.tenant_id', '=', tenantId)
    .where('rt.mst_test_detail_id', '=', sessionId)
    .where('rt.deleted_at', 'is', null)
    .orderBy('sc.registrant_test_id')
    .orderBy('sc.mst_subject_id')
    .execute();
}

export interface ScoreWrite {
  registrant_test_id: number;
  mst_subject_id: number;
  score: number | null;
}

/**
 * Writes a batch in two statements: the scores (insert or replace, so a batch sent again changes nothing) and
 * the cleared cells. The seat's scored_at/scored_by follow, for the audit trail of who scored.
 */
export async function writeScores(db: Db, tenantId: number, userId: number, rows: readonly ScoreWrite[]) {
  const set = rows.filter((r) => r.score !== null);
  const cleared = rows.filter((r) => r.score === null);
  if (set.length > 0)
    await sql`
      INSERT INTO registrant_test_scores (tenant_id, registrant_test_id, mst_subject_id, score, updated_by)
      SELECT ${tenantId}, x.seat, x.subject, x.score, ${userId}
      FROM unnest(${set.map((r) => r.registrant_test_id)}::int[], ${set.map((r) => r.mst_subject_id)}::int[],
                  ${set.map((r) => r.score)}::numeric[]) AS x (seat, subject, score)
      ON CONFLICT (tenant_id, registrant_test_id, mst_subject_id)
      DO UPDATE SET score = EXCLUDED.score, updated_by = EXCLUDED.updated_by, updated_at = now()
      WHERE registrant_test_scores.score IS DISTINCT FROM EXCLUDED.score
    `.execute(db);
  if (cleared.length > 0)
    await sql`
      DELETE FROM registrant_test_scores sc
      USING unnest(${cleared.map((r) => r.registrant_test_id)}::int[], ${cleared.map((r) => r.mst_subject_id)}::int[])
        AS x (seat, subject)
      WHERE sc.tenant_id = ${tenantId} AND sc.registrant_test_id = x.seat AND sc.mst_subject_id = x.subject
    `.execute(db);
  const seats = [...new Set(rows.map((r) => r.registrant_test_id))];
  await sql`
    UPDATE registrant_tests SET scored_at = now(), scored_by = ${userId}, updated_at = now()
    WHERE tenant_id = ${tenantId} AND id = ANY(${seats}::int[])
  `.execute(db);
}

/** A live registrant the caller may see. */
export function findRegistrant(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('registrants')
    .select(['id'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Holds the sessions' rows (in id order, so two batches never wait on each other crosswise) until the
 * transaction ends: a change of a session's subjects, which takes the row for update, waits for the scores
 * being written, and a batch arriving after it reads the new subjects.
 */
export async function lockSessions(db: Db, tenantId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db
    .selectFrom('mst_test_details')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .orderBy('id')
    .forShare()
    .execute();
}
