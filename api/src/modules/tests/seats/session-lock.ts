import { sql } from 'kysely';
import type { TenantConn } from '../../../db/tenant-db';
import { todayWib } from '../../../lib/period-open';

export interface LockedSession {
  id: number;
  name: string;
  mst_test_id: number;
  school_period_id: number;
  quota: number;
  capacity: number;
  used_quota: number;
  is_active: boolean;
  deleted_at: Date | null;
  test_date: string;
  start_time: string;
  upcoming: boolean;
}
export const free = (s: LockedSession) => Math.max(0, Math.min(s.quota, s.capacity) - s.used_quota);

/** Sessions locked in id order: those of a period and test type, or the given ids. */
export async function lockSessions(
  c: TenantConn,
  by: { periodId: number; testId: number } | { ids: number[] },
): Promise<LockedSession[]> {
  const where =
    'ids' in by
      ? sql`d.id = ANY(${by.ids}::int[])`
      : sql`d.school_period_id = ${by.periodId} AND d.mst_test_id = ${by.testId} AND d.deleted_at IS NULL`;
  const { rows } = await sql<LockedSession>`
    SELECT d.id, d.name, d.mst_test_id, d.school_period_id, d.quota, m.capacity, d.used_quota, d.is_active,
           d.deleted_at, to_char(d.test_date, 'YYYY-MM-DD') AS test_date, d.start_time,
           d.test_date >= ${todayWib} AS upcoming
    FROM mst_test_details d
    JOIN mst_rooms m ON m.tenant_id = d.tenant_id AND m.id = d.mst_room_id
    WHERE d.tenant_id = ${c.tenantId} AND ${where}
    ORDER BY d.id
    FOR UPDATE OF d`.execute(c.db);
  return rows;
}

/**
 * Seats still held by registrants who withdrew or were archived are given back, in the sessions just locked:
 * the withdrawal and archive paths belong to other modules, so the seats are reclaimed where they are counted.
 */
export async function reclaimSeats(c: TenantConn, sessions: LockedSession[]) {
  if (sessions.length === 0) return;
  const { rows } = await sql<{ mst_test_detail_id: number }>`
    UPDATE registrant_tests rt SET deleted_at = now(), updated_at = now()
    FROM registrants r
    WHERE rt.tenant_id = ${c.tenantId} AND rt.mst_test_detail_id = ANY(${sessions.map((s) => s.id)}::int[])
      AND rt.deleted_at IS NULL AND r.tenant_id = rt.tenant_id AND r.id = rt.registrant_id
      AND (r.deleted_at IS NOT NULL OR r.status = 'withdrawn')
    RETURNING rt.mst_test_detail_id`.execute(c.db);
  if (rows.length === 0) return;
  const delta = tally(
    rows.map((r) => r.mst_test_detail_id),
    -1,
  );
  await countSeats(c, delta);
  for (const s of sessions) s.used_quota += delta.get(s.id) ?? 0;
}

/** Per session, `n` seats for every time it appears in `sessionIds`, added to `into`. */
export function tally(sessionIds: number[], n: number, into = new Map<number, number>()) {
  for (const id of sessionIds) into.set(id, (into.get(id) ?? 0) + n);
  return into;
}

/** Adds `delta` seats per session (negative frees them). */
export async function countSeats(c: TenantConn, delta: Map<number, number>) {
  const entries = [...delta].filter(([, n]) => n !== 0);
  if (entries.length === 0) return;
  await sql`
    UPDATE mst_test_details d
    SET used_quota = d.used_quota + x.n, updated_at = now()
    FROM unnest(${entries.map((e) => e[0])}::int[], ${entries.map((e) => e[1])}::int[]) AS x(id, n)
    WHERE d.tenant_id = ${c.tenantId} AND d.id = x.id`.execute(c.db);
}
