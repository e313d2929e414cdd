/**
 * Server-enforced permissions: the generated matrix over every staff route, role modules save/copy, new roles
 * without permissions, role-school scoping, password reset by staff, dashboard counts, public lookups.
 */
import { ACTIONS, type Action, MODULE_NAMES, RESOURCES, type RoleModule } from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { api, call, tokenFor } from '../../../../test/helpers';
import { firstSignIn } from '../../../../test/staff';

const t = appPerFile();

const idOf = async (sql: string, values: unknown[] = []) =>
  (await t.ownerPool.query<{ id: number }>(sql, values)).rows[0]!.id;

async function createRole(name: string): Promise<number> {
  const res = await call(t.app, { method: 'POST', url: api('/role'), token: t.admin, payload: { name } });
  expect(res.status).toBe(201);
  return (res.body.data as { id: number }).id;
}

async function createStaff(name: string, email: string, roleId: number): Promise<string> {
  const res = await call(t.app, {
    method: 'POST',
    url: api('/user'),
    token: t.admin,
    payload: { name, email, role_id: roleId, password: 'rahasia1' },
  });
  expect(res.status).toBe(201);
  return firstSignIn(t, email, 'rahasia1');
}

const flags = (all: 0 | 1, except?: { module: string; action: Action }): RoleModule[] =>
  MODULE_NAMES.map((m) => {
    const entry = {
      mst_module_name: m,
      read_action: all,
      insert_action: all,
      update_action: all,
      delete_action: all,
    };
    if (except && except.module === m) entry[`${except.action}_action`] = (1 - all) as 0 | 1;
    return entry;
  });

async function saveModules(roleId: number, data: RoleModule[]) {
  const res = await call(t.app, {
    method: 'POST',
    url: api(`/role_module/${roleId}`),
    token: t.admin,
    payload: data,
  });
  expect(res.status).toBe(200);
  return res.body.data as RoleModule[];
}

describe('roles and role modules', () => {
  it('a new role starts with every module denied', async () => {
    const id = await createRole('Peran Baru');
    const res = await call(t.app, { method: 'GET', url: api(`/role_modules/role/${id}`), token: t.admin });
    const data = res.body.data as RoleModule[];
    expect(data).toHaveLength(MODULE_NAMES.length);
    for (const m of data)
      expect([m.read_action, m.insert_action, m.update_action, m.delete_action]).toEqual([0, 0, 0, 0]);
  });

  it('saves flags (modules left out keep theirs), copies a role, refuses superadmin and unknown modules', async () => {
    const a = await createRole('Peran A');
    const b = await createRole('Peran B');
    let data = await saveModules(a, [
      { mst_module_name: 'Sekolah', read_action: 1, insert_action: 1, update_action: 0, delete_action: 0 },
    ]);
    expect(data.find((m) => m.mst_module_name === 'Sekolah')).toMatchObject({
      read_action: 1,
      insert_action: 1,
    });
    data = await saveModules(a, [
      { mst_module_name: 'Kelas', read_action: 1, insert_action: 0, update_action: 0, delete_action: 0 },
    ]);
    expect(data.find((m) => m.mst_module_name === 'Sekolah')).toMatchObject({
      read_action: 1,
      insert_action: 1,
    });
    // The older GET (and HEAD) only says which call copies now; b keeps its flags.
    const bBefore = await call(t.app, { method: 'GET', url: api(`/role_modules/role/${b}`), token: t.admin });
    for (const method of ['GET', 'HEAD'] as const) {
      const old = await call(t.app, { method, url: api(`/copy_role_module/${a}/${b}`), token: t.admin });
      expect(old.status).toBe(405);
      expect(old.headers.allow).toBe('POST');
    }
    const old = await call(t.app, { method: 'GET', url: api(`/copy_role_module/${a}/${b}`), token: t.admin });
    expect(old.body.message).toContain('POST /copy_role_module');
    const bAfter = await call(t.app, { method: 'GET', url: api(`/role_modules/role/${b}`), token: t.admin });
    expect(bAfter.body.data).toEqual(bBefore.body.data);
    // Copy a → b: b equals a afterwards.
    const copyTo = (from: number, to: number, token = t.admin) =>
      call(t.app, { method: 'POST', url: api(`/copy_role_module/${from}/${to}`), token });
    const copy = await copyTo(a, b);
    expect(copy.status).toBe(200);
    expect(copy.body.data).toEqual(data);
    // Never onto itself, superadmin or the caller's own role.
    const same = await copyTo(a, a);
    expect(same.status).toBe(400);
    expect(same.body.message).toMatch(/sama/);
    const superId = await idOf("SELECT id FROM roles WHERE name = 'superadmin'");
    expect((await copyTo(a, superId)).status).toBe(409);
    const staff = await t.staff([
      { mst_module_name: 'Hak Akses', read_action: 1, insert_action: 1, update_action: 1, delete_action: 1 },
    ]);
    const me = await call(t.app, { method: 'GET', url: api('/me'), token: staff });
    const own = await copyTo(superId, (me.body.user as { role_id: number }).role_id, staff);
    expect(own.status).toBe(403);
    expect(own.body.message).toMatch(/peran Anda sendiri/);
    const toSuper = await call(t.app, {
      method: 'POST',
      url: api(`/role_module/${superId}`),
      token: t.admin,
      payload: flags(0),
    });
    expect(toSuper.status).toBe(409);
    const unknown = await call(t.app, {
      method: 'POST',
      url: api(`/role_module/${a}`),
      token: t.admin,
      payload: {
        data: [
          {
            mst_module_name: 'Tidak Ada',
            read_action: 1,
            insert_action: 0,
            update_action: 0,
            delete_action: 0,
          },
        ],
      },
    });
    expect(unknown.status).toBe(400);
    expect(
      (await call(t.app, { method: 'POST', url: api('/copy_role_module/999999/1'), token: t.admin })).status,
    ).toBe(404);
    const audit = await t.ownerPool.query(
      "SELECT count(*)::int AS n FROM audit_log WHERE resource = 'role_module'",
    );
    expect(audit.rows[0].n).toBeGreaterThanOrEqual(3);
  });

  it('protects the built-in roles', async () => {
    const teacher = await idOf("SELECT id FROM roles WHERE name = 'teacher'");
    const rename = await call(t.app, {
      method: 'PUT',
      url: api(`/role/${teacher}`),
      token: t.admin,
      payload: { name: 'guru' },
    });
    expect(rename.status).toBe(409);
    expect(
      (await call(t.app, { method: 'DELETE', url: api(`/role/${teacher}`), token: t.admin })).status,
    ).toBe(409);
  });

  it('refuses to archive a role, school or grade still in use (409 with the reason)', async () => {
    const role = await createRole('Peran Dipakai');
    await createStaff('Staf Dipakai', 'dipakai@demo.sch.id', role);
    const res = await call(t.app, { method: 'DELETE', url: api(`/role/${role}`), token: t.admin });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'Peran tidak dapat diarsipkan karena masih digunakan oleh 1 data Pengguna. Arsipkan atau pindahkan data tersebut terlebih dahulu.',
    );
    const sd = await idOf("SELECT id FROM schools WHERE level = 'SD'");
    const school = await call(t.app, { method: 'DELETE', url: api(`/school/${sd}`), token: t.admin });
    expect(school.status).toBe(409);
    expect(school.body.message).toMatch(
      /^Sekolah tidak dapat diarsipkan karena masih digunakan oleh \d+ data /,
    );
    const grade = await idOf("SELECT id FROM mst_grades WHERE name = 'SD'");
    expect(
      (await call(t.app, { method: 'DELETE', url: api(`/mst_grade/${grade}`), token: t.admin })).status,
    ).toBe(409);
  });
});

describe('permission matrix (generated from app.routeAccess)', () => {
  it('every staff route names a module, and each refuses a role lacking exactly that flag (403)', async () => {
    const routes = t.app.routeAccess;
    const staff = routes.filter((r) => typeof r.access === 'object');
    for (const r of routes)
      expect(
        r.access === 'public' || r.access === 'user' || (typeof r.access === 'object' && !!r.access.module),
      ).toBe(true);
    expect(staff.length).toBeGreaterThan(17 * 7);
    const role = await createRole('Peran Matriks');
    const token = await createStaff('Staf Matriks', 'matriks@demo.sch.id', role);
    const groups = new Map<string, typeof staff>();
    for (const r of staff) {
      if (typeof r.access !== 'object') continue;
      const key = `${r.access.module}|${r.access.action}`;
      groups.set(key, [...(groups.get(key) ?? []), r]);
    }
    const checked: string[] = [];
    for (const [key, list] of groups) {
      const [module, action] = key.split('|') as [string, Action];
      // Everything allowed except this one flag; the change applies to the same token at once.
      await saveModules(role, flags(1, { module, action }));
      for (const r of list) {
        const url = api(r.url.replace(/^\/api\/v1/, '').replace(/:[a-z]+/g, '1'));
        const res = await call(t.app, {
          method: r.method as 'GET',
          url,
          token,
          ...(r.method === 'POST' || r.method === 'PUT' ? { payload: {} } : {}),
        });
        expect({ route: `${r.method} ${r.url}`, status: res.status }).toEqual({
          route: `${r.method} ${r.url}`,
          status: 403,
        });
        checked.push(`${r.method} ${r.url}`);
      }
    }
    expect(checked).toEqual(expect.arrayContaining(['GET /api/v1/schools', 'DELETE /api/v1/school/:id']));
    // With every flag set the same role passes the permission check (here: a list).
    await saveModules(role, flags(1));
    expect((await call(t.app, { method: 'GET', url: api('/schools'), token })).status).toBe(200);
    for (const a of ACTIONS) expect(a).toBeTruthy();
  });

  it('teacher (read-only on Sekolah) reads schools but gets 403 on create/edit/delete; parents get 403', async () => {
    const teacher = await tokenFor(t.app, 'guru@demo.sch.id', 'admin');
    expect((await call(t.app, { method: 'GET', url: api('/schools'), token: teacher })).status).toBe(200);
    const sd = await idOf("SELECT id FROM schools WHERE level = 'SD'");
    for (const [method, url] of [
      ['POST', '/school'],
      ['PUT', `/school/${sd}`],
      ['DELETE', `/school/${sd}`],
      ['POST', `/school/restore/${sd}`],
    ] as const) {
      const res = await call(t.app, {
        method,
        url: api(url),
        token: teacher,
        payload: method === 'DELETE' ? undefined : { name: 'x', level: 'SD' },
      });
      expect({ method, url, status: res.status }).toEqual({ method, url, status: 403 });
    }
    const parent = await tokenFor(t.app, 'orangtua@demo.sch.id', 'user');
    expect((await call(t.app, { method: 'GET', url: api('/schools'), token: parent })).status).toBe(403);
    expect((await call(t.app, { method: 'GET', url: api('/dashboard/counts'), token: parent })).status).toBe(
      403,
    );
  });
});

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

describe('users', () => {
  it('staff resets a password: a temporary one is returned once, old sessions end', async () => {
    const guru = await idOf("SELECT id FROM users WHERE email = 'guru@demo.sch.id'");
    const old = await tokenFor(t.app, 'guru@demo.sch.id', 'admin');
    const res = await call(t.app, { method: 'POST', url: api(`/user/reset/${guru}`), token: t.admin });
    expect(res.status).toBe(200);
    const password = res.body.password as string;
    expect(password).toMatch(/^[A-Za-z0-9]{10}$/);
    expect((await call(t.app, { method: 'GET', url: api('/me'), token: old })).status).toBe(401);
    expect(await tokenFor(t.app, 'guru@demo.sch.id', 'admin', password)).toBeTruthy();
    expect(
      (await call(t.app, { method: 'POST', url: api('/user/reset/999999'), token: t.admin })).status,
    ).toBe(404);
    const audit = await t.ownerPool.query(
      "SELECT before, after FROM audit_log WHERE action = 'reset_password' AND record_id = $1",
      [guru],
    );
    expect(JSON.stringify(audit.rows)).not.toContain(password);
  });

  it('only a superadmin manages superadmin accounts; nobody archives themselves', async () => {
    const role = await createRole('Admin Pengguna');
    await saveModules(role, flags(1));
    const token = await createStaff('Admin Pengguna', 'adminpengguna@demo.sch.id', role);
    const superUser = await idOf("SELECT id FROM users WHERE email = 'superadmin@demo.sch.id'");
    const superRole = await idOf("SELECT id FROM roles WHERE name = 'superadmin'");
    expect((await call(t.app, { method: 'POST', url: api(`/user/reset/${superUser}`), token })).status).toBe(
      403,
    );
    expect(
      (await call(t.app, { method: 'PUT', url: api(`/user/${superUser}`), token, payload: { name: 'Saya' } }))
        .status,
    ).toBe(403);
    const escalate = await call(t.app, {
      method: 'POST',
      url: api('/user'),
      token,
      payload: { name: 'Baru', email: 'baru@demo.sch.id', role_id: superRole, password: 'rahasia1' },
    });
    expect(escalate.status).toBe(403);
    expect(
      (await call(t.app, { method: 'DELETE', url: api(`/user/${superUser}`), token: t.admin })).status,
    ).toBe(409);
  });

  it('filters users by role_id and name', async () => {
    const teacher = await idOf("SELECT id FROM roles WHERE name = 'teacher'");
    const res = await call(t.app, {
      method: 'GET',
      url: api(`/users?role_id=${teacher}&name=sari`),
      token: t.admin,
    });
    expect((res.body.data as { email: string }[]).map((u) => u.email)).toEqual(['guru@demo.sch.id']);
  });
});

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
