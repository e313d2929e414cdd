import crypto from 'node:crypto';
import { assistedResponseSchema, PASSWORD_CHANGE_REQUIRED } from '@psb/contracts';
import { appPerFile } from '../../test/app-per-file';
import { api, call, loginAs } from '../../test/helpers';
import { newParent, openPeriod } from '../../test/parent-journey';
import { MESSAGES } from '../lib/http-error';

// A parent whose account staff created signs in with a password someone else knows: until it is replaced,
// the only things the session can do are read its own profile, change the password and sign out.
const t = appPerFile();

async function temporaryParent() {
  const p = await openPeriod(t);
  const email = `sementara-${crypto.randomBytes(4).toString('hex')}@contoh.id`;
  const res = await call(t.app, {
    method: 'POST',
    url: api('/registrant'),
    token: t.admin,
    payload: {
      child_name: 'Anak Titipan',
      school_id: p.schoolId,
      school_period_id: p.periodId,
      mst_class_id: p.classId,
      mode: 'account',
      parent_name: 'Bu Sementara',
      email,
    },
  });
  expect(res.status).toBe(201);
  const data = assistedResponseSchema.parse(res.body).data;
  return { email, temp: data.account.temporary_password!, registrantId: data.registrant_id };
}

const list = (token: string) => call(t.app, { method: 'GET', url: api('/registrants'), token });
const rename = (token: string, email: string) =>
  call(t.app, { method: 'PUT', url: api('/me'), token, payload: { name: 'Bu Baru', email } });

describe('temporary password gate', () => {
  it('refuses everything but /me, the password change and logout until the password is changed', async () => {
    const { email, temp, registrantId } = await temporaryParent();
    const login = await loginAs(t.app, email, temp);
    const token = login.body.token!;

    for (const res of [await list(token), await rename(token, email)]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        success: false,
        message: MESSAGES.passwordChangeRequired,
        code: PASSWORD_CHANGE_REQUIRED,
      });
    }
    const me = await call(t.app, { method: 'GET', url: api('/me'), token });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email });

    const changed = await call(t.app, {
      method: 'PUT',
      url: api('/public/change_password'),
      token,
      payload: { old_password: temp, password: 'milikku123' },
    });
    expect(changed.status).toBe(200);
    const fresh = changed.body.token!;

    const mine = await list(fresh);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual([expect.objectContaining({ id: registrantId })]);
    const renamed = await rename(fresh, email);
    expect(renamed.status).toBe(200);
    expect(renamed.body.user).toMatchObject({ name: 'Bu Baru' });
  });

  it('lets a parent with a temporary password sign out', async () => {
    const { email, temp } = await temporaryParent();
    const token = (await loginAs(t.app, email, temp)).body.token!;
    const out = await call(t.app, { method: 'POST', url: api('/logout'), token });
    expect(out.status).toBe(200);
    expect((await call(t.app, { method: 'GET', url: api('/me'), token })).status).toBe(401);
  });

  it('leaves a parent who chose their own password alone', async () => {
    const parent = await newParent(t);
    const mine = await list(parent.token);
    expect(mine.status).toBe(200);
    expect((await rename(parent.token, parent.email)).status).toBe(200);
  });
});
