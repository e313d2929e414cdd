/**
 * Lookups of schools, periods and classes (open today, by parameter, by relation), the quota refresh, and
 * the dashboard counts of what the caller may read.
 */
import { RESOURCES } from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { api, call } from '../../../../test/helpers';
import { roleHelpers } from '../roles/test-helpers';

const t = appPerFile();
const { idOf, createStaff } = roleHelpers(t);

describe('lookups', () => {
  it('school periods: now / param / relation, classes of a school, refresh quota', async () => {
    const sd = await idOf("SELECT id FROM schools WHERE level = 'SD'");
    const smp = await idOf("SELECT id FROM schools WHERE level = 'SMP'");
    // Make the SD period open today and the SMP one closed, whatever the date.
    await t.ownerPool.query(
      `UPDATE school_periods SET start_date = CASE WHEN school_id = $1 THEN current_date - 5 ELSE current_date - 60 END,
         end_date = CASE WHEN school_id = $1 THEN current_date + 5 ELSE current_date - 30 END`,
      [sd],
    );
    const now = await call(t.app, { method: 'GET', url: api('/school_period/now'), token: t.admin });
    expect((now.body.data as { school_id: number }[]).map((p) => p.school_id)).toEqual([sd]);
    const rel = await call(t.app, { method: 'GET', url: api('/school_periods/relation'), token: t.admin });
    expect(rel.body.data).toHaveLength(2);
    const param = await call(t.app, {
      method: 'GET',
      url: api(
        `/school_period/param?school_id=${smp}&location=Kampus%20Merdeka&is_class_active=true&school_year=2027/2028`,
      ),
      token: t.admin,
    });
    expect((param.body.data as { school_id: number }[]).map((p) => p.school_id)).toEqual([smp]);
    const none = await call(t.app, {
      method: 'GET',
      url: api('/school_period/param?location=Kampus%20Dago'),
      token: t.admin,
    });
    expect(none.body.data).toEqual([]);

    const classes = await call(t.app, {
      method: 'GET',
      url: api(`/mst_class/school?school_id=${smp}`),
      token: t.admin,
    });
    expect((classes.body.data as { name: string }[]).map((c) => c.name)).toEqual([
      'Kelas 7',
      'Kelas 8',
      'Kelas 9',
      'TK A',
      'TK B',
    ]);

    await t.ownerPool.query('UPDATE class_periods SET used_quota = 3');
    const refresh = await call(t.app, {
      method: 'POST',
      url: api('/class_period/refresh_quota'),
      token: t.admin,
      payload: {},
    });
    expect(refresh.status).toBe(200);
    expect(refresh.body.updated).toBeGreaterThan(0);
    // Every quota now equals the live registrants of its period and class (the seed has one registrant).
    const mismatched = await t.ownerPool.query(
      `SELECT cp.id FROM class_periods cp
        WHERE cp.used_quota <> (SELECT count(*) FROM registrants r
          WHERE r.tenant_id = cp.tenant_id AND r.school_period_id = cp.school_period_id
            AND r.mst_class_id = cp.mst_class_id AND r.deleted_at IS NULL)`,
    );
    expect(mismatched.rows).toEqual([]);
    const used = await t.ownerPool.query('SELECT sum(used_quota)::int AS total FROM class_periods');
    expect(used.rows[0].total).toBeGreaterThan(0);

    const pub = await call(t.app, { method: 'GET', url: api('/public/school') });
    expect(pub.body).toEqual({ success: true, data: [{ id: sd, name: 'SD Harapan Bangsa' }] });
    const pubClasses = await call(t.app, {
      method: 'GET',
      url: api('/public/mst_class?school_name=SD%20Harapan%20Bangsa'),
    });
    expect((pubClasses.body.data as { name: string }[]).map((c) => c.name)).toContain('Kelas 1');
    expect((pubClasses.body.data as { name: string }[]).map((c) => c.name)).not.toContain('Kelas 7');
  });

  it('dashboard counts only what the caller may read', async () => {
    const all = await call(t.app, { method: 'GET', url: api('/dashboard/counts'), token: t.admin });
    // Every declared resource, for the superadmin.
    expect((all.body.data as unknown[]).length).toBe(RESOURCES.length);
    const teacherRole = await idOf("SELECT id FROM roles WHERE name = 'teacher'");
    const token = await createStaff('Guru Dua', 'guru2@demo.sch.id', teacherRole);
    const mine = await call(t.app, { method: 'GET', url: api('/dashboard/counts'), token });
    expect((mine.body.data as { resource: string }[]).map((c) => c.resource).sort()).toEqual([
      'mst_class',
      'mst_grade',
      'mst_room',
      'mst_test',
      'mst_test_detail',
      'schedule_test',
      'school',
      'school_period',
      'school_year',
    ]);
  });
});
