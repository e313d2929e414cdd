/**
 * A password staff chose (a reset, or an account staff created with a password) is temporary: signing in with it
 * works, and every signed-in route but the profile and sign-out answers 403 PASSWORD_CHANGE_REQUIRED until the
 * holder replaces it.
 */
import { PASSWORD_CHANGE_REQUIRED } from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { api, call, loginAs } from '../../../../test/helpers';
import { newRegistrant } from '../../../../test/parent-journey';

const t = appPerFile();

const idOf = async (email: string) =>
  (await t.ownerPool.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email])).rows[0]!.id;

/** Signs in with the password and asks a signed-in route of the area: the answer's status and code. */
async function gate(email: string, password: string, type: 'user' | 'admin', url: string) {
  const login = await loginAs(t.app, email, password, type);
  expect(login.status).toBe(200);
  expect(login.body.must_change_password).toBe(true);
  const res = await call(t.app, { method: 'GET', url: api(url), token: login.body.token! });
  return { status: res.status, code: res.body.code };
}

const gated = { status: 403, code: PASSWORD_CHANGE_REQUIRED };

describe('a password staff chose is temporary', () => {
  it('a staff account’s reset password', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: api(`/user/reset/${await idOf('guru@demo.sch.id')}`),
      token: t.admin,
    });
    expect(res.status).toBe(200);
    expect(await gate('guru@demo.sch.id', res.body.password as string, 'admin', '/schools')).toEqual(gated);
  });

  it('a parent’s reset password', async () => {
    const r = await newRegistrant(t);
    const res = await call(t.app, {
      method: 'POST',
      url: api(`/user/reset/${await idOf(r.parent.email)}`),
      token: t.admin,
    });
    expect(res.status).toBe(200);
    expect(await gate(r.parent.email, res.body.password as string, 'user', '/notifications')).toEqual(gated);
  });

  it('an account staff created with a password they chose', async () => {
    const teacher = (await t.ownerPool.query<{ id: number }>("SELECT id FROM roles WHERE name = 'teacher'"))
      .rows[0]!.id;
    const made = await call(t.app, {
      method: 'POST',
      url: api('/user'),
      token: t.admin,
      payload: { name: 'Guru Baru', email: 'gurubaru@demo.sch.id', role_id: teacher, password: 'rahasia1' },
    });
    expect(made.status).toBe(201);
    expect(await gate('gurubaru@demo.sch.id', 'rahasia1', 'admin', '/schools')).toEqual(gated);
  });
});
