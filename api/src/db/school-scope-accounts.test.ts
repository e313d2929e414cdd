/**
 * A school-limited staff role manages only the accounts and roles inside its schools: staff whose role's
 * schools are a subset of its own, parents whose registrants are all at its schools. Everything else is 404, and
 * it never lifts itself or anyone else out of a limit.
 */
import { appPerFile } from '../../test/app-per-file';
import { api, call } from '../../test/helpers';
import { demo, openPeriod, registrantIn } from '../../test/parent-journey';
import { everyModule } from '../../test/staff';

const t = appPerFile();

const idOf = async (sql: string, values: unknown[]) =>
  (await t.ownerPool.query<{ id: number }>(sql, values)).rows[0]!.id;

/** A parent with one registrant at each of the given schools (levels), and the parent's account id. */
async function parentAt(...levels: ('SD' | 'SMP')[]) {
  const first = await registrantIn(t, await openPeriod(t, { level: levels[0] }));
  for (const level of levels.slice(1)) {
    const p = await openPeriod(t, { level });
    await t.ownerPool.query(
      `INSERT INTO registrants (tenant_id, user_id, school_id, school_period_id, mst_class_id, school_year_id,
         registration_number, name)
       SELECT tenant_id, user_id, $2, $3, $4, school_year_id, registration_number || '-2', 'Adik' FROM registrants
       WHERE id = $1`,
      [first.id, p.schoolId, p.periodId, p.classId],
    );
  }
  return idOf('SELECT id FROM users WHERE email = $1', [first.parent.email]);
}

/** A role limited to the schools (none: every school), and an account of it. */
async function roleWithAccount(schools: number[]) {
  const d = await demo(t);
  const role = await idOf(
    `INSERT INTO roles (tenant_id, name) VALUES ($1, 'Peran ' || substr(md5(random()::text), 1, 8)) RETURNING id`,
    [d.tenant_id],
  );
  for (const s of schools)
    await t.ownerPool.query('INSERT INTO role_schools (tenant_id, role_id, school_id) VALUES ($1, $2, $3)', [
      d.tenant_id,
      role,
      s,
    ]);
  const user = await idOf(
    `INSERT INTO users (tenant_id, role_id, name, password_hash, email)
     VALUES ($1, $2, 'Staf', 'x', 'staf-' || substr(md5(random()::text), 1, 8) || '@demo.sch.id') RETURNING id`,
    [d.tenant_id, role],
  );
  return { role, user };
}

async function sdCaller() {
  const d = await demo(t);
  const token = await t.staff(everyModule(), [d.sd]);
  const me = await call(t.app, { method: 'GET', url: api('/me'), token });
  const user = me.body.user as { id: number; role_id: number };
  return { token, userId: user.id, roleId: user.role_id };
}

const teacherRole = () => idOf("SELECT id FROM roles WHERE name = 'teacher'", []);

describe('accounts and roles of a school-limited staff role', () => {
  it('another school’s parent, an unlimited teacher and a two-school parent are 404 to every account route', async () => {
    const d = await demo(t);
    const me = await sdCaller();
    const smpParent = await parentAt('SMP');
    const twoSchools = await parentAt('SD', 'SMP');
    const guru = await idOf("SELECT id FROM users WHERE email = 'guru@demo.sch.id'", []);
    const smpStaff = (await roleWithAccount([d.smp])).user;
    const wideStaff = (await roleWithAccount([d.sd, d.smp])).user;
    for (const id of [smpParent, twoSchools, guru, smpStaff, wideStaff]) {
      const ask = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
        call(t.app, { method, url: api(url), token: me.token, ...(payload ? { payload } : {}) });
      expect({ id, reset: (await ask('POST', `/user/reset/${id}`)).status }).toEqual({ id, reset: 404 });
      expect({ id, get: (await ask('GET', `/user/${id}`)).status }).toEqual({ id, get: 404 });
      expect({ id, put: (await ask('PUT', `/user/${id}`, { name: 'Diubah' })).status }).toEqual({
        id,
        put: 404,
      });
      expect({ id, del: (await ask('DELETE', `/user/${id}`)).status }).toEqual({ id, del: 404 });
    }
    const list = await call(t.app, { method: 'GET', url: api('/users?page_size=100'), token: me.token });
    const listed = (list.body.data as { id: number }[]).map((u) => u.id);
    expect(listed).not.toEqual(expect.arrayContaining([smpParent]));
    for (const id of [smpParent, twoSchools, guru, smpStaff, wideStaff]) expect(listed).not.toContain(id);
    const csv = await call(t.app, { method: 'GET', url: api('/users/export?format=csv'), token: me.token });
    expect(csv.status).toBe(200);
    expect(csv.raw).not.toContain('guru@demo.sch.id');
  });

  it('its own schools’ parents and staff are in scope: listed, read, reset', async () => {
    const d = await demo(t);
    const me = await sdCaller();
    const sdParent = await parentAt('SD');
    const sdStaff = (await roleWithAccount([d.sd])).user;
    for (const id of [sdParent, sdStaff]) {
      const reset = await call(t.app, { method: 'POST', url: api(`/user/reset/${id}`), token: me.token });
      expect({ id, status: reset.status }).toEqual({ id, status: 200 });
      const one = await call(t.app, { method: 'GET', url: api(`/user/${id}`), token: me.token });
      expect({ id, status: one.status }).toEqual({ id, status: 200 });
    }
    const list = await call(t.app, { method: 'GET', url: api('/users?page_size=100'), token: me.token });
    expect((list.body.data as { id: number }[]).map((u) => u.id)).toEqual(
      expect.arrayContaining([sdParent, sdStaff, me.userId]),
    );
  });

  it('assigns only roles inside its schools, and never changes its own account’s role', async () => {
    const d = await demo(t);
    const me = await sdCaller();
    const teacher = await teacherRole();
    const smpRole = (await roleWithAccount([d.smp])).role;
    const sd = await roleWithAccount([d.sd]);
    const create = (role_id: number) =>
      call(t.app, {
        method: 'POST',
        url: api('/user'),
        token: me.token,
        payload: { name: 'Baru', email: `baru-${role_id}@demo.sch.id`, role_id, password: 'rahasia1' },
      });
    for (const role of [teacher, smpRole]) {
      const res = await create(role);
      expect({ role, status: res.status }).toEqual({ role, status: 403 });
      expect(res.body.errors?.role_id).toBeTruthy();
    }
    expect((await create(sd.role)).status).toBe(201);

    const own = await call(t.app, {
      method: 'PUT',
      url: api(`/user/${me.userId}`),
      token: me.token,
      payload: { role_id: teacher },
    });
    expect(own.status).toBe(403);
    const ownToSd = await call(t.app, {
      method: 'PUT',
      url: api(`/user/${me.userId}`),
      token: me.token,
      payload: { role_id: sd.role },
    });
    expect(ownToSd.status).toBe(403);
    const other = await call(t.app, {
      method: 'PUT',
      url: api(`/user/${sd.user}`),
      token: me.token,
      payload: { role_id: teacher },
    });
    expect(other.status).toBe(403);
    const roles = await t.ownerPool.query<{ id: number; role_id: number }>(
      'SELECT id, role_id FROM users WHERE id = ANY($1)',
      [[me.userId, sd.user]],
    );
    expect(Object.fromEntries(roles.rows.map((r) => [r.id, r.role_id]))).toEqual({
      [me.userId]: me.roleId,
      [sd.user]: sd.role,
    });
  });

  it('narrows role schools only inside its own; never lifts a limit nor touches its own role', async () => {
    const d = await demo(t);
    const me = await sdCaller();
    const setSchools = (role: number, school_ids: number[]) =>
      call(t.app, {
        method: 'POST',
        url: api(`/role_school/${role}`),
        token: me.token,
        payload: { school_ids },
      });
    // Its own role: neither lifted nor changed, nor its flags.
    expect((await setSchools(me.roleId, [])).status).toBe(403);
    expect((await setSchools(me.roleId, [d.sd])).status).toBe(403);
    const flags = await call(t.app, {
      method: 'POST',
      url: api(`/role_module/${me.roleId}`),
      token: me.token,
      payload: everyModule().slice(0, 1),
    });
    expect(flags.status).toBe(403);
    // Another role of its school: may not be widened nor lifted.
    const sdRole = (await roleWithAccount([d.sd])).role;
    expect((await setSchools(sdRole, [])).status).toBe(403);
    expect((await setSchools(sdRole, [d.sd, d.smp])).status).toBe(403);
    expect((await setSchools(sdRole, [d.sd])).status).toBe(200);
    const stored = await t.ownerPool.query('SELECT school_id FROM role_schools WHERE role_id = ANY($1)', [
      [me.roleId, sdRole],
    ]);
    expect(stored.rows.map((r) => r.school_id)).toEqual([d.sd, d.sd]);
    // Roles outside its schools do not exist for it.
    const teacher = await teacherRole();
    const smpRole = (await roleWithAccount([d.smp])).role;
    for (const role of [teacher, smpRole]) {
      expect((await setSchools(role, [d.sd])).status).toBe(404);
      expect((await call(t.app, { method: 'GET', url: api(`/role/${role}`), token: me.token })).status).toBe(
        404,
      );
      const read = await call(t.app, {
        method: 'GET',
        url: api(`/role_school/role/${role}`),
        token: me.token,
      });
      expect(read.status).toBe(404);
    }
    const roles = await call(t.app, { method: 'GET', url: api('/roles?page_size=100'), token: me.token });
    const listed = (roles.body.data as { id: number }[]).map((r) => r.id);
    expect(listed).toEqual(expect.arrayContaining([me.roleId, sdRole]));
    expect(listed).not.toContain(teacher);
    expect(listed).not.toContain(smpRole);
  });

  it('a role it creates is limited to its schools; an unlimited caller still lifts a limit', async () => {
    const d = await demo(t);
    const me = await sdCaller();
    const made = await call(t.app, {
      method: 'POST',
      url: api('/role'),
      token: me.token,
      payload: { name: 'Panitia SD' },
    });
    expect(made.status).toBe(201);
    const id = (made.body.data as { id: number }).id;
    const schools = await call(t.app, {
      method: 'GET',
      url: api(`/role_school/role/${id}`),
      token: me.token,
    });
    expect((schools.body.data as { school_id: number }[]).map((s) => s.school_id)).toEqual([d.sd]);
    const lifted = await call(t.app, {
      method: 'POST',
      url: api(`/role_school/${id}`),
      token: t.admin,
      payload: { school_ids: [] },
    });
    expect(lifted.status).toBe(200);
  });
});
