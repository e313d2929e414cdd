import type { AssignMethod } from '@psb/contracts';
import { type SqlBool, sql } from 'kysely';
import type { TenantConn } from '../../../db/tenant-db';
import { SEATABLE_STATUSES } from './outcome';

/** The given registrants that may take a seat in the period, in the given order, with their school. */
export async function seatable(c: TenantConn, periodId: number, ids: number[]) {
  const rows = await c.db
    .selectFrom('registrants')
    .select(['id', 'school_id'])
    .where('tenant_id', '=', c.tenantId)
    .where('id', 'in', ids)
    .where('school_period_id', '=', periodId)
    .where('deleted_at', 'is', null)
    .where('status', 'in', [...SEATABLE_STATUSES])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r.school_id]));
  return ids.filter((id) => byId.has(id)).map((id) => ({ id, school_id: byId.get(id)! }));
}

export async function insertSeats(
  c: TenantConn,
  testId: number,
  seats: { registrantId: number; schoolId: number; sessionId: number }[],
  method: AssignMethod,
  userId: number | null,
) {
  if (seats.length === 0) return [];
  const { rows } = await sql<{ id: number; registrant_id: number; mst_test_detail_id: number }>`
    INSERT INTO registrant_tests
      (tenant_id, registrant_id, school_id, mst_test_detail_id, mst_test_id, assigned_by, assign_method)
    SELECT ${c.tenantId}, x.r, x.s, x.d, ${testId}, ${userId}::int, ${method}
    FROM unnest(${seats.map((s) => s.registrantId)}::int[], ${seats.map((s) => s.schoolId)}::int[],
                ${seats.map((s) => s.sessionId)}::int[]) AS x(r, s, d)
    ON CONFLICT (tenant_id, registrant_id, mst_test_id) WHERE deleted_at IS NULL DO NOTHING
    RETURNING id, registrant_id, mst_test_detail_id`.execute(c.db);
  return rows;
}

/** Live seats with whether the sitting has scores (a scored seat is neither moved nor released). */
export const liveSeats = (c: TenantConn) =>
  c.db
    .selectFrom('registrant_tests as rt')
    .select(['rt.id', 'rt.registrant_id', 'rt.mst_test_detail_id', 'rt.score'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('registrant_test_scores as s')
            .select('s.registrant_test_id')
            .whereRef('s.tenant_id', '=', 'rt.tenant_id')
            .whereRef('s.registrant_test_id', '=', 'rt.id'),
        )
        .as('has_scores'),
    )
    .where('rt.tenant_id', '=', c.tenantId)
    .where('rt.deleted_at', 'is', null);

export const isScored = (s: { score: unknown; has_scores: SqlBool }) =>
  s.score !== null || Boolean(s.has_scores);
