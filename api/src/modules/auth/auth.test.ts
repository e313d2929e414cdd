import { MSG } from '@psb/contracts';
import { appPerFile } from '../../../test/app-per-file';
import { call, loginAs, tokenFor } from '../../../test/helpers';
import { AUTH_MESSAGES } from '../../lib/messages';

const t = appPerFile({ signIn: false });

const register = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'POST', url: '/api/v1/public/register', payload, headers });

describe('register → login → /me', () => {
  it('creates a parent account that can sign in and read itself', async () => {
    const reg = await register({
      name: 'Ibu Rina',
      email: 'Rina@Example.ID',
      phone_number: '081311112222',
      password: 'rahasia1',
    });
    expect(reg.status).toBe(201);
    expect(reg.body).toMatchObject({
      success: true,
      message: 'Pendaftaran berhasil. Anda sudah masuk dengan akun baru Anda.',
      user: { name: 'Ibu Rina', role: 'user', email: 'Rina@Example.ID' },
    });
    // The answer is a session: the new parent is signed in without a second password check.
    const own = await call(t.app, { method: 'GET', url: '/api/v1/me', token: reg.body.token });
    expect(own.status).toBe(200);
    expect(own.body.user).toMatchObject({ name: 'Ibu Rina', role: 'user' });

    // E-mail is case-insensitive; the phone works as username too.
    for (const username of ['rina@example.id', '081311112222']) {
      const login = await loginAs(t.app, username, 'rahasia1');
      expect(login.status).toBe(200);
      expect(login.body.success).toBe(true);
      expect(login.body.user).toMatchObject({
        name: 'Ibu Rina',
        role: 'user',
        email: 'Rina@Example.ID',
        email_verified: false,
      });
      const rm = login.body.role_modules as { mst_module_name: string; read_action: number }[];
      expect(rm.find((m) => m.mst_module_name === 'Pengumuman')?.read_action).toBe(1);
      expect(rm.find((m) => m.mst_module_name === 'Pengguna')?.read_action).toBe(0);

      const me = await call(t.app, { method: 'GET', url: '/api/v1/me', token: login.body.token });
      expect(me.status).toBe(200);
      expect(me.body.user).toMatchObject({ name: 'Ibu Rina', phone_number: '081311112222', role: 'user' });
    }
  });

  it('accepts phone-only registration and sends a verification mail only when an e-mail is given', async () => {
    const before = await t.ownerPool.query('SELECT count(*)::int AS n FROM mail_outbox');
    expect(
      (await register({ name: 'Pak Joko', phone_number: '081399990000', password: 'rahasia1' })).status,
    ).toBe(201);
    const after = await t.ownerPool.query('SELECT count(*)::int AS n FROM mail_outbox');
    expect(after.rows[0].n).toBe(before.rows[0].n);

    expect((await register({ name: 'Bu Dewi', email: 'dewi@example.id', password: 'rahasia1' })).status).toBe(
      201,
    );
    const mail = await t.ownerPool.query(`SELECT "to", text FROM mail_outbox WHERE "to" = 'dewi@example.id'`);
    expect(mail.rows).toHaveLength(1);
    const token = /\/verification\?token=([\w-]+)/.exec(mail.rows[0].text)?.[1];
    expect(token).toBeTruthy();

    const ok = await call(t.app, { method: 'PUT', url: '/api/v1/public/verification', payload: { token } });
    expect(ok.status).toBe(200);
    const again = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/public/verification',
      payload: { token },
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(AUTH_MESSAGES.badVerification);
    const login = await loginAs(t.app, 'dewi@example.id', 'rahasia1');
    expect(login.body.user).toMatchObject({ email_verified: true });
  });

  it('refuses a duplicate e-mail (any case) or phone in the same tenant with 409', async () => {
    await register({
      name: 'Ayah Satu',
      email: 'dup@example.id',
      phone_number: '081200000001',
      password: 'rahasia1',
    });
    const byEmail = await register({ name: 'Ayah Dua', email: 'DUP@example.id', password: 'rahasia1' });
    expect(byEmail.status).toBe(409);
    expect(byEmail.body).toMatchObject({ success: false, message: 'Email sudah terdaftar.' });
    const byPhone = await register({ name: 'Ayah Tiga', phone_number: '081200000001', password: 'rahasia1' });
    expect(byPhone.status).toBe(409);
    expect(byPhone.body).toMatchObject({ success: false, message: 'No. HP sudah terdaftar.' });
    expect(byPhone.body.errors).toEqual({ phone_number: 'No. HP sudah terdaftar.' });
  });
});

describe('register validation', () => {
  const valid = {
    name: 'Ibu Ani',
    email: 'ani@example.id',
    phone_number: '081234000111',
    password: 'rahasia1',
  };
  const cases: [string, Record<string, unknown>, Record<string, string>][] = [
    ['empty name', { ...valid, name: '   ' }, { name: MSG.nameRequired }],
    ['missing name', { email: valid.email, password: valid.password }, { name: MSG.nameRequired }],
    ['invalid e-mail', { ...valid, email: 'bukan-email' }, { email: MSG.emailInvalid }],
    ['phone with letters', { ...valid, phone_number: '0812abc' }, { phone_number: MSG.phoneInvalid }],
    [
      'phone with a plus but no country code',
      { ...valid, phone_number: '+081234000111' },
      { phone_number: MSG.phoneInvalid },
    ],
    [
      'neither e-mail nor phone',
      { name: 'Ibu Ani', email: '', phone_number: '', password: 'rahasia1' },
      { email: MSG.contactRequired, phone_number: MSG.contactRequired },
    ],
    ['short password', { ...valid, password: '12345' }, { password: MSG.passwordMin }],
    ['missing password', { name: 'Ibu Ani', email: valid.email }, { password: MSG.passwordMin }],
  ];
  it.each(cases)('%s → 400 with the field message', async (_label, payload, errors) => {
    const res = await register(payload);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toBe('Data tidak valid.');
    expect(res.body.errors).toEqual(errors);
  });

  it('login validation uses the shared messages too', async () => {
    const res = await loginAs(t.app, 'bukan username', '123');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ username: MSG.usernameInvalid, password: MSG.passwordMin });
  });
});

describe('login', () => {
  it('answers unknown account and wrong password identically', async () => {
    const wrong = await loginAs(t.app, 'orangtua@demo.sch.id', 'salah-sekali');
    const unknown = await loginAs(t.app, 'tidakada@demo.sch.id', 'salah-sekali');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, message: 'Email/No. HP atau kata sandi salah.' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('delays an account after 5 failed attempts with 429 and Retry-After', async () => {
    for (let i = 0; i < 5; i++)
      expect((await loginAs(t.app, 'guru@demo.sch.id', 'salah-lagi', 'admin')).status).toBe(401);
    const locked = await loginAs(t.app, 'guru@demo.sch.id', 'demo1234', 'admin');
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(
      /^Terlalu banyak percobaan\. Silakan coba lagi dalam \d+ (detik|menit)\.$/,
    );
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // Other accounts are unaffected.
    expect((await loginAs(t.app, 'superadmin@demo.sch.id', 'demo1234', 'admin')).status).toBe(200);
    await t.ownerPool.query('DELETE FROM rate_limits');
    await t.ownerPool.query('DELETE FROM login_failures');
  });

  it('counts failures per account: the phone of an account delayed by e-mail guesses is delayed too', async () => {
    for (let i = 0; i < 5; i++)
      expect((await loginAs(t.app, 'orangtua@demo.sch.id', 'salah-lagi')).status).toBe(401);
    const viaPhone = await loginAs(t.app, '081234567890', 'demo1234');
    expect(viaPhone.status).toBe(429);
    expect(Number(viaPhone.headers['retry-after'])).toBeGreaterThan(0);
    // The wait grows with each failure but stays short: one failure more doubles it, within the cap.
    const first = Number(viaPhone.headers['retry-after']);
    await t.ownerPool.query(
      "UPDATE login_failures SET blocked_until = now() WHERE account_key LIKE 'user:%'",
    );
    expect((await loginAs(t.app, '081234567890', 'salah-lagi')).status).toBe(401);
    const second = Number((await loginAs(t.app, 'orangtua@demo.sch.id', 'demo1234')).headers['retry-after']);
    expect(second).toBeGreaterThan(first);
    expect(second).toBeLessThanOrEqual(5 * 60);
    // Stored in a logged table, so a database restart keeps the count.
    const persistence = await t.ownerPool.query(
      "SELECT relpersistence FROM pg_class WHERE relname = 'login_failures'",
    );
    expect(persistence.rows[0].relpersistence).toBe('p');
    await t.ownerPool.query('DELETE FROM login_failures');
    expect((await loginAs(t.app, '081234567890', 'demo1234')).status).toBe(200);
  });

  it('delays an identifier of no account exactly like an existing one', async () => {
    for (let i = 0; i < 5; i++)
      expect((await loginAs(t.app, 'tidak-ada@example.id', 'salah-lagi')).status).toBe(401);
    expect((await loginAs(t.app, 'tidak-ada@example.id', 'salah-lagi')).status).toBe(429);
    await t.ownerPool.query('DELETE FROM login_failures');
  });

  it('limits login attempts per IP address', async () => {
    const from = (n: number) =>
      call(t.app, {
        method: 'POST',
        url: '/api/v1/public/login',
        remoteAddress: '192.0.2.77',
        payload: { username: `orang${n}@example.id`, password: 'apa-saja-1', type: 'user' },
      });
    for (let i = 0; i < 20; i++) expect((await from(i)).status).toBe(401);
    const res = await from(99);
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('refuses admin login for a parent and user login for staff (403)', async () => {
    const parent = await loginAs(t.app, 'orangtua@demo.sch.id', 'demo1234', 'admin');
    expect(parent.status).toBe(403);
    expect(parent.body.message).toBe('Akun ini tidak memiliki akses admin.');
    const staff = await loginAs(t.app, 'superadmin@demo.sch.id', 'demo1234', 'user');
    expect(staff.status).toBe(403);
    expect(staff.body.message).toBe('Akun staf silakan masuk melalui halaman admin.');
  });

  it('lets a teacher sign in to the admin area with its permissions', async () => {
    const res = await loginAs(t.app, 'guru@demo.sch.id', 'demo1234', 'admin');
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ role: 'teacher', name: 'Bu Sari Guru' });
    const rm = res.body.role_modules as { mst_module_name: string; read_action: number }[];
    expect(rm.find((m) => m.mst_module_name === 'Calon Murid')?.read_action).toBe(1);
    expect(rm.find((m) => m.mst_module_name === 'Hak Akses')?.read_action).toBe(0);
  });
});

describe('sessions', () => {
  it('logout revokes the presented token', async () => {
    const token = await tokenFor(t.app, 'orangtua@demo.sch.id');
    expect((await call(t.app, { method: 'GET', url: '/api/v1/me', token })).status).toBe(200);
    const out = await call(t.app, { method: 'POST', url: '/api/v1/logout', token });
    expect(out.status).toBe(200);
    const me = await call(t.app, { method: 'GET', url: '/api/v1/me', token });
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ success: false, message: 'Sesi Anda telah berakhir. Silakan masuk kembali.' });
  });

  it('change_password checks the old password, revokes older tokens and returns a working one', async () => {
    await register({ name: 'Ibu Wati', email: 'wati@example.id', password: 'lama123' });
    const first = await tokenFor(t.app, 'wati@example.id', 'user', 'lama123');
    const second = await tokenFor(t.app, 'wati@example.id', 'user', 'lama123');

    const wrong = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/public/change_password',
      token: first,
      payload: { old_password: 'bukan-ini', password: 'baru1234' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ old_password: 'Kata sandi lama salah.' });

    const changed = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/public/change_password',
      token: first,
      payload: { old_password: 'lama123', password: 'baru1234' },
    });
    expect(changed.status).toBe(200);
    const fresh = changed.body.token;
    expect(typeof fresh).toBe('string');
    for (const old of [first, second])
      expect((await call(t.app, { method: 'GET', url: '/api/v1/me', token: old })).status).toBe(401);
    expect((await call(t.app, { method: 'GET', url: '/api/v1/me', token: fresh })).status).toBe(200);
    expect((await loginAs(t.app, 'wati@example.id', 'lama123')).status).toBe(401);
    expect((await loginAs(t.app, 'wati@example.id', 'baru1234')).status).toBe(200);
  });

  it('change_password without a session or reset token is refused', async () => {
    const res = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/public/change_password',
      payload: { old_password: 'apa-saja', password: 'baru1234' },
    });
    expect(res.status).toBe(401);
  });

  it('forgot_password mails a single-use reset link; the answer never reveals the account', async () => {
    await register({
      name: 'Pak Hadi',
      email: 'hadi@example.id',
      phone_number: '081277778888',
      password: 'lama123',
    });
    const old = await tokenFor(t.app, 'hadi@example.id', 'user', 'lama123');
    const known = await call(t.app, {
      method: 'POST',
      url: '/api/v1/public/forgot_password',
      payload: { username: '081277778888' },
    });
    const unknown = await call(t.app, {
      method: 'POST',
      url: '/api/v1/public/forgot_password',
      payload: { username: 'siapa@example.id' },
    });
    expect(known.status).toBe(200);
    expect(known.body).toEqual({
      success: true,
      message: 'Jika akun terdaftar, tautan atur ulang kata sandi telah dikirim.',
    });
    expect(unknown.body).toEqual(known.body);

    const mail = await t.ownerPool.query(
      `SELECT text FROM mail_outbox WHERE "to" = 'hadi@example.id' AND subject LIKE 'Atur ulang%'`,
    );
    expect(mail.rows).toHaveLength(1);
    const token = /\/reset-password\?token=([\w-]+)/.exec(mail.rows[0].text)?.[1];
    expect(token).toBeTruthy();

    const reset = {
      method: 'PUT' as const,
      url: '/api/v1/public/change_password',
      payload: { reset_token: token, password: 'baru5678' },
    };
    expect((await call(t.app, reset)).status).toBe(200);
    const reuse = await call(t.app, reset);
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toBe(AUTH_MESSAGES.badResetToken);
    expect((await call(t.app, { method: 'GET', url: '/api/v1/me', token: old })).status).toBe(401);
    expect((await loginAs(t.app, 'hadi@example.id', 'baru5678')).status).toBe(200);
  });

  it('builds the reset link from configuration, never from the Host header', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/v1/public/forgot_password',
      headers: { host: 'evil.example', 'x-tenant': 'demo' },
      payload: { username: 'superadmin@demo.sch.id' },
    });
    expect(res.status).toBe(200);
    const mail = await t.ownerPool.query(
      `SELECT text FROM mail_outbox WHERE "to" = 'superadmin@demo.sch.id' AND subject LIKE 'Atur ulang%'`,
    );
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0].text).not.toContain('evil.example');
    expect(mail.rows[0].text).toMatch(/http:\/\/localhost:8080\/reset-password\?token=[\w-]+/);
  });
});
