import type { TestContext } from './helpers';
import { newRegistrant } from './parent-journey';

/**
 * A session of the registrant's period with two subjects (Matematika 0–100, Wawancara 0–10) and `count`
 * seated registrants. Seats are written directly here: assigning them is another module's job.
 */
export async function scoredSession(t: TestContext, count = 2) {
  const q = async (text: string, values: unknown[] = []) =>
    (await t.ownerPool.query<{ id: number }>(text, values)).rows[0]!.id;
  const registrants = [];
  for (let i = 0; i < count; i++) registrants.push(await newRegistrant(t));
  const first = registrants[0]!;
  const tenant = await q('SELECT tenant_id AS id FROM registrants WHERE id = $1', [first.id]);
  const room = await q(
    `INSERT INTO mst_rooms (tenant_id, school_id, name, capacity) VALUES ($1, $2, $3, 40) RETURNING id`,
    [tenant, first.schoolId, `Ruang Nilai ${first.id}`],
  );
  const testType = await q("SELECT id FROM mst_tests WHERE tenant_id = $1 AND code = 'TT'", [tenant]);
  const session = await q(
    `INSERT INTO mst_test_details (tenant_id, name, mst_test_id, school_period_id, mst_room_id, test_date,
       start_time, end_time, quota, used_quota)
     VALUES ($1, $2, $3, $4, $5, '2027-01-16', '08:00', '10:00', 40, $6) RETURNING id`,
    [tenant, `Sesi Nilai ${first.id}`, testType, first.periodId, room, count],
  );
  const subject = (name: string) =>
    q(
      `INSERT INTO mst_subjects (tenant_id, name) VALUES ($1, $2)
       ON CONFLICT (tenant_id, name) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
      [tenant, name],
    );
  const math = await subject('Matematika');
  const interview = await subject('Wawancara Lisan');
  await t.ownerPool.query(
    `INSERT INTO mst_test_detail_subjects (tenant_id, mst_test_detail_id, mst_subject_id, sort_order, min_score, max_score)
     VALUES ($1, $2, $3, 1, 0, 100), ($1, $2, $4, 2, 0, 10)`,
    [tenant, session, math, interview],
  );
  const seats: number[] = [];
  for (const r of registrants) {
    // Registrants from newRegistrant sit in their own period; the session's period is the first one's.
    await t.ownerPool.query('UPDATE registrants SET school_period_id = $2, mst_class_id = $3 WHERE id = $1', [
      r.id,
      first.periodId,
      first.classId,
    ]);
    seats.push(
      await q(
        `INSERT INTO registrant_tests (tenant_id, registrant_id, school_id, mst_test_detail_id, mst_test_id, assign_method)
         VALUES ($1, $2, $3, $4, $5, 'manual') RETURNING id`,
        [tenant, r.id, first.schoolId, session, testType],
      ),
    );
  }
  return { tenant, session, room, testType, math, interview, registrants, seats };
}
