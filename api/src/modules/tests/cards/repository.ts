import { sql } from 'kysely';
import type { Db } from '../../../db/kysely';

/**
 * What a test card prints, one row per live seat: the registrant, its school, year and class, its photo's
 * storage key, and the session with its test type and room. `registrant` or `session` narrows the rows;
 * `owner` keeps only that parent's registrants.
 */
export function cardRows(
  db: Db,
  tenantId: number,
  by: { registrant?: number; session?: number; owner?: number },
) {
  return db
    .selectFrom('registrant_tests as rt')
    .innerJoin('registrants as g', (j) =>
      j.onRef('g.tenant_id', '=', 'rt.tenant_id').onRef('g.id', '=', 'rt.registrant_id'),
    )
    .innerJoin('schools as s', (j) =>
      j.onRef('s.tenant_id', '=', 'g.tenant_id').onRef('s.id', '=', 'g.school_id'),
    )
    .innerJoin('school_periods as p', (j) =>
      j.onRef('p.tenant_id', '=', 'g.tenant_id').onRef('p.id', '=', 'g.school_period_id'),
    )
    .innerJoin('school_years as y', (j) =>
      j.onRef('y.tenant_id', '=', 'p.tenant_id').onRef('y.id', '=', 'p.school_year_id'),
    )
    .leftJoin('mst_classes as k', (j) =>
      j.onRef('k.tenant_id', '=', 'g.tenant_id').onRef('k.id', '=', 'g.mst_class_id'),
    )
    .innerJoin('mst_test_details as d', (j) =>
      j.onRef('d.tenant_id', '=', 'rt.tenant_id').onRef('d.id', '=', 'rt.mst_test_detail_id'),
    )
    .innerJoin('mst_tests as t', (j) =>
      j.onRef('t.tenant_id', '=', 'd.tenant_id').onRef('t.id', '=', 'd.mst_test_id'),
    )
    .innerJoin('mst_rooms as m', (j) =>
      j.onRef('m.tenant_id', '=', 'd.tenant_id').onRef('m.id', '=', 'd.mst_room_id'),
    )
    .select([
      'g.id as registrant_id',
      'g.name',
      'g.registration_number',
      'g.school_id',
      'g.test_announcement_published_at',
      sql<string | null>`g.documents #>> '{photo,key}'`.as('photo_key'),
      's.name as school_name',
      'y.name as year_name',
      'k.name as class_name',
      't.name as test_name',
      'd.name as session_name',
      'm.name as room_name',
      sql<string>`to_char(d.test_date, 'YYYY-MM-DD')`.as('test_date'),
      'd.start_time',
      'd.end_time',
    ])
    .where('rt.tenant_id', '=', tenantId)
    .where('rt.deleted_at', 'is', null)
    .where('g.deleted_at', 'is', null)
    .$if(by.registrant !== undefined, (q) => q.where('g.id', '=', by.registrant!))
    .$if(by.session !== undefined, (q) => q.where('rt.mst_test_detail_id', '=', by.session!))
    .$if(by.owner !== undefined, (q) => q.where('g.user_id', '=', by.owner!))
    .orderBy('g.registration_number')
    .orderBy('d.test_date')
    .orderBy('d.start_time')
    .execute();
}
export type CardRow = Awaited<ReturnType<typeof cardRows>>[number];

/** A live registrant the caller may see (with its parent, for the parent's own check). */
export function findRegistrant(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('registrants')
    .select(['id', 'user_id', 'test_announcement_published_at'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}
