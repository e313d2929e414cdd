import crypto from 'node:crypto';
import type { TestContext } from './helpers';
import { newParent, openPeriod } from './parent-journey';

/** The first column `v` of the first row. */
export const oneOf =
  (t: TestContext) =>
  async <T = number>(sql: string, values: unknown[] = []) =>
    (await t.ownerPool.query<{ v: T }>(sql, values)).rows[0]!.v;

export interface TestPeriod {
  tenant: number;
  periodId: number;
  testId: number;
  roomId: number;
  parentToken: string;
  ids: number[];
}

/**
 * A new open period (SD) with a test type, a room and a test schedule, and `n` registrants of one parent
 * (submitted one second apart, in id order).
 */
export async function testPeriod(t: TestContext, n: number, status = 'submitted'): Promise<TestPeriod> {
  const one = oneOf(t);
  const p = await openPeriod(t, { quota: 100 });
  const parent = await newParent(t);
  const userId = await one('SELECT id AS v FROM users WHERE email = $1', [parent.email]);
  const tag = crypto.randomBytes(3).toString('hex');
  const { rows } = await t.ownerPool.query<{ id: number }>(
    `INSERT INTO registrants (tenant_id, user_id, school_id, school_period_id, mst_class_id, school_year_id,
       registration_number, name, status, is_submit, is_verified, locked, submitted_at)
     SELECT $1, $2, $3, $4, $5, $6, 'T' || $7 || lpad(g::text, 5, '0'), 'Calon Uji ' || g, $9, true,
            $9 <> 'submitted', true, now() - make_interval(secs => $8 - g)
     FROM generate_series(1, $8) AS g ORDER BY g RETURNING id`,
    [p.tenant_id, userId, p.schoolId, p.periodId, p.classId, p.year_id, tag, n, status],
  );
  const testId = await one(
    "INSERT INTO mst_tests (tenant_id, name) VALUES ($1, 'Tes ' || $2) RETURNING id AS v",
    [p.tenant_id, tag],
  );
  const roomId = await one(
    "INSERT INTO mst_rooms (tenant_id, school_id, name, capacity) VALUES ($1, $2, 'Ruang ' || $3, 1000) RETURNING id AS v",
    [p.tenant_id, p.schoolId, tag],
  );
  await t.ownerPool.query(
    `INSERT INTO schedule_tests (tenant_id, school_period_id, mst_test_id, start_date, end_date)
     VALUES ($1, $2, $3, CURRENT_DATE, CURRENT_DATE + 30)`,
    [p.tenant_id, p.periodId, testId],
  );
  return {
    tenant: p.tenant_id,
    periodId: p.periodId,
    testId,
    roomId,
    parentToken: parent.token,
    ids: rows.map((r) => r.id),
  };
}

/** A session of the period's test type (`days` from today, starting at `start`) with `quota` seats. */
export async function testSession(
  t: TestContext,
  s: TestPeriod,
  quota: number,
  opts: { days?: number; start?: string; roomId?: number; testId?: number } = {},
) {
  return oneOf(t)(
    `INSERT INTO mst_test_details (tenant_id, name, mst_test_id, school_period_id, mst_room_id, test_date,
       start_time, end_time, quota)
     VALUES ($1, 'H' || $5 || ' ' || $6, $2, $3, $4, CURRENT_DATE + $5::int, $6, '23:00', $7) RETURNING id AS v`,
    [
      s.tenant,
      opts.testId ?? s.testId,
      s.periodId,
      opts.roomId ?? s.roomId,
      opts.days ?? 7,
      opts.start ?? '08:00',
      quota,
    ],
  );
}
