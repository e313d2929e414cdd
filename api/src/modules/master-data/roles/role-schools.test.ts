/**
 * Role-school scoping: a role limited to some schools sees and changes only their records, accounts and roles.
 */
import { appPerFile } from '../../../../test/app-per-file';
import { api, call } from '../../../../test/helpers';
import { roleHelpers } from './test-helpers';

const t = appPerFile();
const { idOf, createRole, createStaff, flags, saveModules } = roleHelpers(t);

describe('role-school scoping', () => {
  it('limits lists, records, exports and writes to the role schools; no rows = every school', async () => {
    const sd = await idOf("SELECT id FROM schools WHERE level = 'SD'");
    const smp = await idOf("SELECT id FROM schools WHERE level = 'SMP'");
    const smpPeriod = await idOf('SELECT id FROM school_periods WHERE school_id = $1', [smp]);
    const sdPeriod = await idOf('SELECT id FROM school_periods WHERE school_id = $1', [sd]);
    const year = await idOf('SELECT id FROM school_years WHERE is_active');
    const role = await createRole('Guru SD');
    await saveModules(role, flags(1));
    const token = await createStaff('Guru SD', 'gurusd@demo.sch.id', role);
    const names = async (url: string) =>
      ((await call(t.app, { method: 'GET', url: api(url), token })).body.data as { name: string }[]).map(
        (r) => r.name,
      );

    // No role_schools rows: every school.
    expect(await names('/schools')).toEqual(['SD Harapan Bangsa', 'SMP Harapan Bangsa']);

    const set = await call(t.app, {
      method: 'POST',
      url: api(`/role_school/${role}`),
      token: t.admin,
      payload: [sd],
    });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual([{ school_id: sd, school_name: 'SD Harapan Bangsa' }]);
    const got = await call(t.app, { method: 'GET', url: api(`/role_school/role/${role}`), token: t.admin });
    expect(got.body.data).toEqual([{ school_id: sd, school_name: 'SD Harapan Bangsa' }]);

    expect(await names('/schools')).toEqual(['SD Harapan Bangsa']);
    expect(await names('/school/relation')).toEqual(['SD Harapan Bangsa']);
    const periods = (await call(t.app, { method: 'GET', url: api('/school_periods'), token })).body.data as {
      school_id: number;
    }[];
    expect(periods.map((p) => p.school_id)).toEqual([sd]);
    // Classes through grade → school: SD classes and the shared TK grade, not Kelas 7-9.
    const classes = await names('/mst_classes?page_size=100');
    expect(classes).toContain('Kelas 1');
    expect(classes).toContain('TK A');
    expect(classes).not.toContain('Kelas 7');
    const quotas = (await call(t.app, { method: 'GET', url: api('/class_periods?page_size=100'), token }))
      .body.data as { school_name: string }[];
    expect(new Set(quotas.map((q) => q.school_name))).toEqual(new Set(['SD Harapan Bangsa']));
    const counts = (await call(t.app, { method: 'GET', url: api('/dashboard/counts'), token })).body.data as {
      resource: string;
      count: number;
    }[];
    expect(counts.find((c) => c.resource === 'school')?.count).toBe(1);

    // Other schools' records: 404 to read, edit, archive; creating one is refused.
    expect(
      (await call(t.app, { method: 'GET', url: api(`/school_period/${smpPeriod}`), token })).status,
    ).toBe(404);
    expect((await call(t.app, { method: 'GET', url: api(`/school/${smp}`), token })).status).toBe(404);
    expect(
      (
        await call(t.app, {
          method: 'PUT',
          url: api(`/school_period/${smpPeriod}`),
          token,
          payload: { quota: 1 },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(t.app, { method: 'DELETE', url: api(`/school_period/${smpPeriod}`), token })).status,
    ).toBe(404);
    const outside = await call(t.app, {
      method: 'POST',
      url: api('/school_period'),
      token,
      payload: {
        school_id: smp,
        school_year_id: year,
        name: 'Gelombang X',
        start_date: '2027-01-01',
        end_date: '2027-02-01',
      },
    });
    // The other school does not exist for this role, so it cannot be picked.
    expect(outside.status).toBe(400);
    expect(outside.body.errors).toEqual({ school_id: 'Sekolah yang dipilih tidak ditemukan.' });
    // Moving an own record to another school is refused too.
    const move = await call(t.app, {
      method: 'PUT',
      url: api(`/school_period/${sdPeriod}`),
      token,
      payload: { school_id: smp, name: 'Gelombang Pindah' },
    });
    expect(move.status).toBe(400);
    expect(move.body.errors).toEqual({ school_id: 'Sekolah yang dipilih tidak ditemukan.' });
    expect((await call(t.app, { method: 'GET', url: api(`/school_period/${sdPeriod}`), token })).status).toBe(
      200,
    );

    const csv = await t.app.inject({
      method: 'GET',
      url: api('/schools/export?format=csv'),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(csv.body).toContain('SD Harapan Bangsa');
    expect(csv.body).not.toContain('SMP Harapan Bangsa');

    // Superadmin always sees everything; superadmin cannot be limited.
    const all = (await call(t.app, { method: 'GET', url: api('/schools'), token: t.admin })).body
      .data as unknown[];
    expect(all).toHaveLength(2);
    const superId = await idOf("SELECT id FROM roles WHERE name = 'superadmin'");
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: api(`/role_school/${superId}`),
          token: t.admin,
          payload: [sd],
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: api(`/role_school/${role}`),
          token: t.admin,
          payload: [999999],
        })
      ).status,
    ).toBe(400);

    // Clearing the list: every school again.
    await call(t.app, {
      method: 'POST',
      url: api(`/role_school/${role}`),
      token: t.admin,
      payload: { school_ids: [] },
    });
    expect(await names('/schools')).toHaveLength(2);
  });
});
