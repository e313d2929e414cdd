/**
 * Staff accounts: password reset by staff, superadmin accounts, the user list's filters.
 */
import { appPerFile } from '../../../../test/app-per-file';
import { api, call, tokenFor } from '../../../../test/helpers';
import { roleHelpers } from '../roles/test-helpers';

const t = appPerFile();
const { idOf, createRole, createStaff, flags, saveModules } = roleHelpers(t);

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
