import type { RegistrantTestQuery } from '@psb/contracts';
import { sql } from 'kysely';
import type { TenantConn } from '../../../db/tenant-db';
import { SEATABLE_STATUSES } from '../seats';

type Query = RegistrantTestQuery;

/** A period's registrants taking part in tests (or holding a seat of the type), joined to that seat. */
function base(c: TenantConn, q: Query) {
  let b = c.db
    .selectFrom('registrants as r')
    .leftJoin('registrant_tests as rt', (j) =>
      j
        .onRef('rt.tenant_id', '=', 'r.tenant_id')
        .onRef('rt.registrant_id', '=', 'r.id')
        .on('rt.mst_test_id', '=', q.mst_test_id)
        .on('rt.deleted_at', 'is', null),
    )
    .where('r.tenant_id', '=', c.tenantId)
    .where('r.school_period_id', '=', q.school_period_id)
    .where('r.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('r.status', 'in', [...SEATABLE_STATUSES]), eb('rt.id', 'is not', null)]));
  if (q.mst_test_detail_id) b = b.where('rt.mst_test_detail_id', '=', q.mst_test_detail_id);
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    b = b.where((eb) => eb.or([eb('r.name', 'ilike', like), eb('r.registration_number', 'ilike', like)]));
  }
  return b;
}

export async function listRegistrantTests(c: TenantConn, q: Query) {
  let rows = base(c, q)
    .leftJoin('mst_test_details as d', (j) =>
      j.onRef('d.tenant_id', '=', 'rt.tenant_id').onRef('d.id', '=', 'rt.mst_test_detail_id'),
    )
    .leftJoin('mst_rooms as m', (j) =>
      j.onRef('m.tenant_id', '=', 'd.tenant_id').onRef('m.id', '=', 'd.mst_room_id'),
    )
    .select([
      'r.id as registrant_id',
      'r.registration_number',
      'r.name',
      'r.status',
      'r.submitted_at',
      'rt.id as registrant_test_id',
      'rt.mst_test_detail_id',
      'd.name as session_name',
      sql<string | null>`to_char(d.test_date, 'YYYY-MM-DD')`.as('test_date'),
      'd.start_time',
      'd.end_time',
      'm.name as room_name',
      'rt.assign_method',
      'rt.assigned_at',
      'r.test_announcement_published_at',
    ]);
  if (q.assigned === 'yes') rows = rows.where('rt.id', 'is not', null);
  if (q.assigned === 'no') rows = rows.where('rt.id', 'is', null);
  const [data, counts, sessions] = await Promise.all([
    rows
      .orderBy(sql`r.submitted_at NULLS LAST`)
      .orderBy('r.id')
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size)
      .execute(),
    base(c, q)
      .select((eb) => [
        eb.fn.count<string>('rt.id').as('assigned'),
        sql<string>`count(*) FILTER (WHERE rt.id IS NULL)`.as('unassigned'),
      ])
      .executeTakeFirstOrThrow(),
    sessionSeats(c, q.school_period_id, q.mst_test_id),
  ]);
  const assigned = Number(counts.assigned);
  const unassigned = Number(counts.unassigned);
  return {
    data: data.map((r) => ({
      ...r,
      submitted_at: r.submitted_at ? r.submitted_at.toISOString() : null,
      assigned_at: r.assigned_at ? r.assigned_at.toISOString() : null,
      test_announcement_published_at: r.test_announcement_published_at
        ? r.test_announcement_published_at.toISOString()
        : null,
      assign_method: r.assign_method as 'auto' | 'manual' | null,
    })),
    total: q.assigned === 'yes' ? assigned : q.assigned === 'no' ? unassigned : assigned + unassigned,
    counts: { assigned, unassigned },
    sessions,
  };
}

/** The live sessions of a period and test type in time order, with their seats. */
export async function sessionSeats(c: TenantConn, periodId: number, testId: number) {
  const rows = await c.db
    .selectFrom('mst_test_details as d')
    .innerJoin('mst_rooms as m', (j) =>
      j.onRef('m.tenant_id', '=', 'd.tenant_id').onRef('m.id', '=', 'd.mst_room_id'),
    )
    .select([
      'd.id',
      'd.name',
      sql<string>`to_char(d.test_date, 'YYYY-MM-DD')`.as('test_date'),
      'd.start_time',
      'd.end_time',
      'm.name as room_name',
      'd.quota',
      'm.capacity',
      'd.used_quota',
      'd.is_active',
    ])
    .where('d.tenant_id', '=', c.tenantId)
    .where('d.school_period_id', '=', periodId)
    .where('d.mst_test_id', '=', testId)
    .where('d.deleted_at', 'is', null)
    .orderBy('d.test_date')
    .orderBy('d.start_time')
    .orderBy('d.id')
    .execute();
  return rows.map((s) => ({ ...s, free: Math.max(0, Math.min(s.quota, s.capacity) - s.used_quota) }));
}

/** The registrants' periods (only those the caller may see). */
export async function periodsOf(c: TenantConn, ids: number[]) {
  return c.db
    .selectFrom('registrants')
    .select(['id', 'school_period_id'])
    .where('tenant_id', '=', c.tenantId)
    .where('id', 'in', ids)
    .execute();
}

/** The period (if visible to the caller) and how many of its registrants still lack a seat per test type. */
export async function periodBacklog(c: TenantConn, periodId: number, testIds: number[]) {
  if (testIds.length === 0) return 0;
  const row = await sql<{ n: string }>`
    SELECT count(*) AS n
    FROM registrants r CROSS JOIN unnest(${testIds}::int[]) AS t(id)
    WHERE r.tenant_id = ${c.tenantId} AND r.school_period_id = ${periodId} AND r.deleted_at IS NULL
      AND r.status = ANY(${[...SEATABLE_STATUSES]}::text[])
      AND NOT EXISTS (SELECT 1 FROM registrant_tests rt WHERE rt.tenant_id = r.tenant_id
                      AND rt.registrant_id = r.id AND rt.mst_test_id = t.id AND rt.deleted_at IS NULL)`.execute(
    c.db,
  );
  return Number(row.rows[0]?.n ?? 0);
}

/** The next registrants of a period without a seat of the type, in order of submission. */
export async function nextUnseated(c: TenantConn, periodId: number, testId: number, limit: number) {
  const rows = await c.db
    .selectFrom('registrants as r')
    .select('r.id')
    .where('r.tenant_id', '=', c.tenantId)
    .where('r.school_period_id', '=', periodId)
    .where('r.deleted_at', 'is', null)
    .where('r.status', 'in', [...SEATABLE_STATUSES])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('registrant_tests as rt')
            .select('rt.id')
            .whereRef('rt.tenant_id', '=', 'r.tenant_id')
            .whereRef('rt.registrant_id', '=', 'r.id')
            .where('rt.mst_test_id', '=', testId)
            .where('rt.deleted_at', 'is', null),
        ),
      ),
    )
    .orderBy(sql`r.submitted_at NULLS LAST`)
    .orderBy('r.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export function periodVisible(c: TenantConn, periodId: number) {
  return c.db
    .selectFrom('school_periods')
    .select(['id', 'name'])
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', periodId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Seats (rt) with their session (d) and its room (m). */
function seatsInSessions(c: TenantConn) {
  return c.db
    .selectFrom('registrant_tests as rt')
    .innerJoin('mst_test_details as d', (j) =>
      j.onRef('d.tenant_id', '=', 'rt.tenant_id').onRef('d.id', '=', 'rt.mst_test_detail_id'),
    )
    .innerJoin('mst_rooms as m', (j) =>
      j.onRef('m.tenant_id', '=', 'd.tenant_id').onRef('m.id', '=', 'd.mst_room_id'),
    );
}

/** A registrant's seats with what the parent needs to know, in time order. */
export async function scheduleOf(c: TenantConn, registrantId: number) {
  return seatsInSessions(c)
    .innerJoin('mst_tests as t', (j) =>
      j.onRef('t.tenant_id', '=', 'd.tenant_id').onRef('t.id', '=', 'd.mst_test_id'),
    )
    .select([
      'rt.id as registrant_test_id',
      't.name as mst_test_name',
      'd.name as session_name',
      sql<string>`to_char(d.test_date, 'YYYY-MM-DD')`.as('test_date'),
      'd.start_time',
      'd.end_time',
      'm.name as room_name',
      'm.location as room_location',
      't.bring_items',
      'd.notes',
    ])
    .where('rt.tenant_id', '=', c.tenantId)
    .where('rt.registrant_id', '=', registrantId)
    .where('rt.deleted_at', 'is', null)
    .orderBy('d.test_date')
    .orderBy('d.start_time')
    .execute();
}

/** The registrant's parent, when the registrant is visible to the caller. */
export function registrantOwner(c: TenantConn, id: number) {
  return c.db
    .selectFrom('registrants')
    .select(['id', 'user_id'])
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** One seat with its registrant and session, archived ones too (row-level security hides other schools'). */
export async function seatById(c: TenantConn, id: number) {
  const row = await seatsInSessions(c)
    .innerJoin('registrants as r', (j) =>
      j.onRef('r.tenant_id', '=', 'rt.tenant_id').onRef('r.id', '=', 'rt.registrant_id'),
    )
    .select([
      'rt.id',
      'rt.registrant_id',
      'r.registration_number',
      'r.name',
      'rt.mst_test_id',
      'rt.mst_test_detail_id',
      'd.name as session_name',
      sql<string>`to_char(d.test_date, 'YYYY-MM-DD')`.as('test_date'),
      'd.start_time',
      'd.end_time',
      'm.name as room_name',
      'rt.assign_method',
      'rt.assigned_at',
      'rt.deleted_at',
    ])
    .where('rt.tenant_id', '=', c.tenantId)
    .where('rt.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...row,
    assign_method: row.assign_method as 'auto' | 'manual',
    assigned_at: row.assigned_at ? row.assigned_at.toISOString() : null,
    deleted_at: row.deleted_at ? row.deleted_at.toISOString() : null,
  };
}

/** Whether the registrant holds a live seat of the test type. */
export async function hasLiveSeat(c: TenantConn, registrantId: number, testId: number) {
  const row = await c.db
    .selectFrom('registrant_tests')
    .select('id')
    .where('tenant_id', '=', c.tenantId)
    .where('registrant_id', '=', registrantId)
    .where('mst_test_id', '=', testId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** The test type of a live session the caller sees (undefined otherwise). */
export async function sessionTestType(c: TenantConn, sessionId: number) {
  const row = await c.db
    .selectFrom('mst_test_details')
    .select('mst_test_id')
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', sessionId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.mst_test_id;
}
