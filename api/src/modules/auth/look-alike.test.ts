import { appPerFile } from '../../../test/app-per-file';
import { call, loginAs } from '../../../test/helpers';
import { PASSWORD } from '../../../test/parent-journey';

/** Identities that look the same on screen are one identity: registering one again is refused. */
const t = appPerFile();

const register = (email: string, phone = '') =>
  call(t.app, {
    method: 'POST',
    url: '/api/v1/public/register',
    payload: { name: 'Ibu Kembar', email, phone_number: phone, password: PASSWORD },
  });

describe('look-alike e-mail addresses and phone numbers', () => {
  it('a second account that only looks different is refused as already registered', async () => {
    expect((await register('', '081377770001')).status).toBe(201);
    // Each look-alike of an address of its own: the per-address register limit counts look-alikes as one.
    const lookAlikes = [
      (name: string) => `ｋ${name}@contoh.id`, // a fullwidth letter
      (name: string) => `k\u200b${name}@contoh.id`, // zero-width space
      (name: string) => `k\u00ad${name}@contoh.id`, // soft hyphen
      (name: string) => `k${name}@contoh.id.`, // trailing dot of the domain
      (name: string) => `K${name.toUpperCase()}@contoh.id`,
    ];
    for (const [i, lookAlike] of lookAlikes.entries()) {
      expect((await register(`kembar${i}@contoh.id`)).status).toBe(201);
      const email = lookAlike(`embar${i}`);
      const res = await register(email);
      expect({ email, status: res.status, errors: res.body.errors }).toEqual({
        email,
        status: 409,
        errors: { email: expect.any(String) },
      });
    }
    for (const phone of [
      '6281377770001',
      '+6281377770001',
      '０８１３７７７７０００１',
      '0813\u200b77770001',
    ]) {
      const res = await register('', phone);
      expect({ phone, status: res.status, errors: res.body.errors }).toEqual({
        phone,
        status: 409,
        errors: { phone_number: expect.any(String) },
      });
    }
  });

  it('refuses an address mixing scripts (a Cyrillic letter among Latin ones)', async () => {
    const res = await register('k\u0435mbar2@contoh.id');
    expect({ status: res.status, errors: res.body.errors }).toEqual({
      status: 400,
      errors: { email: expect.any(String) },
    });
  });

  it('signs in with any spelling of the same identity', async () => {
    expect((await register('serupa@contoh.id', '081299990000')).status).toBe(201);
    for (const username of ['ｓerupa@contoh.id', 'serupa@contoh.id.', '6281299990000', '+6281299990000']) {
      const res = await loginAs(t.app, username);
      expect({ username, status: res.status }).toEqual({ username, status: 200 });
    }
  });

  it('a profile edit to a look-alike of another account is refused', async () => {
    expect((await register('pemilik@contoh.id', '081211112222')).status).toBe(201);
    expect((await register('lain@contoh.id')).status).toBe(201);
    const token = String((await loginAs(t.app, 'lain@contoh.id')).body.token);
    const editProfile = (email: string, phone_number: string) =>
      call(t.app, {
        method: 'PUT',
        url: '/api/v1/me',
        token,
        payload: { name: 'Lain', email, phone_number },
      });
    expect((await editProfile('pemi\u200dlik@contoh.id', '')).status).toBe(409);
    const phone = await editProfile('lain@contoh.id', '6281211112222');
    expect(phone.status).toBe(409);
  });

  it('a staff-created account that looks like an existing one is refused', async () => {
    const { rows } = await t.ownerPool.query<{ id: number }>("SELECT id FROM roles WHERE name = 'user'");
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/v1/user',
      token: t.admin,
      payload: { name: 'Tiruan', email: 'ｏrangtua@demo.sch.id', role_id: rows[0]!.id, password: PASSWORD },
    });
    expect({ status: res.status, errors: res.body.errors }).toEqual({
      status: 409,
      errors: { email: expect.any(String) },
    });
  });
});
