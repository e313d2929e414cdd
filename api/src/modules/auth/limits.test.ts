import { appPerFile } from '../../../test/app-per-file';
import { call, tokenFor } from '../../../test/helpers';

const t = appPerFile({
  limits: { registerPerIp: 2, registerPerAccountPerHour: 2, changePasswordPerAccount: 2 },
  signIn: false,
});

describe('rate limits of account writes', () => {
  it('limits registrations per IP address', async () => {
    const from = (n: number) =>
      call(t.app, {
        method: 'POST',
        url: '/api/v1/public/register',
        remoteAddress: '192.0.2.10',
        payload: { name: 'Orang Tua', email: `ot${n}@example.id`, password: 'rahasia1' },
      });
    expect((await from(1)).status).toBe(201);
    expect((await from(2)).status).toBe(201);
    const third = await from(3);
    expect(third.status).toBe(429);
    expect(third.body.message).toMatch(/^Terlalu banyak permintaan\./);
  });

  it('limits registration attempts per e-mail address, whatever the IP', async () => {
    const attempt = () =>
      call(t.app, {
        method: 'POST',
        url: '/api/v1/public/register',
        payload: { name: 'Orang Tua', email: 'Sama@Example.id', password: 'rahasia1' },
      });
    expect((await attempt()).status).toBe(201);
    expect((await attempt()).status).toBe(409);
    expect((await attempt()).status).toBe(429);
  });

  it('limits password changes per account, whatever the IP', async () => {
    const token = await tokenFor(t.app, 'orangtua@demo.sch.id');
    const change = () =>
      call(t.app, {
        method: 'PUT',
        url: '/api/v1/public/change_password',
        token,
        payload: { old_password: 'tebakan-salah', password: 'baru12345' },
      });
    expect((await change()).status).toBe(400);
    expect((await change()).status).toBe(400);
    expect((await change()).status).toBe(429);
  });
});
