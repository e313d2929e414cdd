/**
 * Server-enforced permissions: the generated matrix over every staff route, role modules save/copy, new roles
 * without permissions.
 */
import { ACTIONS, type Action, MODULE_NAMES, type RoleModule } from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { api, call, tokenFor } from '../../../../test/helpers';
import { roleHelpers } from './test-helpers';

const t = appPerFile();
const { idOf, createRole, createStaff, flags, saveModules } = roleHelpers(t);

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
