import type { Pool } from './pool';
import { seedDemoOnce } from './seed-once';
import { schoolIdsByLevel } from './seed-queries';

/** Test types of the demo tenant: name, code, what to bring. */
const DEMO_TESTS = [
  ['Tes Tertulis', 'TT', 'Alat tulis (pensil 2B, penghapus), kartu tes, pakaian seragam sekolah asal.'],
  ['Observasi', 'OBS', 'Kartu tes dan satu orang tua/wali pendamping.'],
  ['Wawancara', 'WWC', 'Kartu tes; wawancara diikuti calon murid bersama orang tua/wali.'],
] as const;

/**
 * Seeds the demo tenant's tests when it has none yet (checked by its test types); safe on every start:
 * the three test types, a room per school, and for every seeded registration period a written test and an
 * observation on its schedule with one session each two weeks from now (08:00–10:00 and 10:30–12:00 WIB).
 * The "Cadangan" acceptance status becomes the reserve-list status.
 */
export async function seedDemoTests(ownerPool: Pool): Promise<boolean> {
  return seedDemoOnce(ownerPool, 'mst_tests', async ({ db, tenantId, q }) => {
    await q(
      `INSERT INTO mst_tests (tenant_id, name, code, bring_items)
       SELECT $1, unnest($2::text[]), unnest($3::text[]), unnest($4::text[])`,
      [DEMO_TESTS.map((t) => t[0]), DEMO_TESTS.map((t) => t[1]), DEMO_TESTS.map((t) => t[2])],
    );
    const schools = await schoolIdsByLevel(db, tenantId);
    for (const [level, schoolId] of schools)
      await q(
        `INSERT INTO mst_rooms (tenant_id, school_id, name, location, capacity)
         VALUES ($1, $2, $3, 'Gedung Utama, Lantai 1', 30)`,
        [schoolId, `Ruang Tes ${level}`],
      );
    await q(
      `INSERT INTO schedule_tests (tenant_id, school_period_id, mst_test_id, start_date, end_date)
       SELECT $1, p.id, t.id, CURRENT_DATE + 7, CURRENT_DATE + 21
       FROM school_periods p CROSS JOIN mst_tests t
       WHERE p.tenant_id = $1 AND t.tenant_id = $1 AND p.deleted_at IS NULL AND t.code IN ('TT', 'OBS')`,
      [],
    );
    await q(
      `INSERT INTO mst_test_details
         (tenant_id, name, mst_test_id, school_period_id, mst_room_id, test_date, start_time, end_time, quota)
       SELECT $1, 'Sesi 1', t.id, p.id, r.id, CURRENT_DATE + 14,
              CASE t.code WHEN 'TT' THEN '08:00' ELSE '10:30' END,
              CASE t.code WHEN 'TT' THEN '10:00' ELSE '12:00' END,
              r.capacity
       FROM school_periods p
       JOIN mst_rooms r ON r.tenant_id = p.tenant_id AND r.school_id = p.school_id
       CROSS JOIN mst_tests t
       WHERE p.tenant_id = $1 AND t.tenant_id = $1 AND p.deleted_at IS NULL AND t.code IN ('TT', 'OBS')`,
      [],
    );
    await q(
      `UPDATE mst_accepted_statuses SET is_reserve = true WHERE tenant_id = $1 AND name = 'Cadangan'`,
      [],
    );
  });
}
