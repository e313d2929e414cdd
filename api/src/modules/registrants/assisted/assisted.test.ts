import crypto from 'node:crypto';
import { ASSISTED_MSG, assistedResponseSchema, MSG, REGISTRANT_MSG } from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { api, call, loginAs } from '../../../../test/helpers';
import { newParent, openPeriod } from '../../../../test/parent-journey';
import { drawnText } from '../../../../test/pdf-text';
import { flags } from '../../../../test/staff';

const PUBLIC_URL = 'https://{tenant}.psb-uji.example';

const t = appPerFile({ config: { publicUrl: PUBLIC_URL } });
beforeAll(async () => {
  await openPeriod(t);
});

const unique = () => crypto.randomBytes(4).toString('hex');
const phone = () => `0812${String(crypto.randomInt(10_000_000, 99_999_999))}`;

type Place = Awaited<ReturnType<typeof openPeriod>>;

function register(
  token: string,
  p: Place,
  extra: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return call(t.app, {
    method: 'POST',
    url: api('/registrant'),
    token,
    headers,
    payload: {
      child_name: `Anak ${unique()}`,
      school_id: p.schoolId,
      school_period_id: p.periodId,
      mst_class_id: p.classId,
      ...extra,
    },
  });
}

const resultOf = (body: unknown) => assistedResponseSchema.parse(body).data;

function slip(token: string, id: number, password?: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: api(`/registrant/login_slip/${id}`),
    headers: { authorization: `Bearer ${token}`, ...headers },
    payload: password === undefined ? {} : { temporary_password: password },
  });
}

describe('assisted registration (POST /registrant with mode)', () => {
  it('with a new account: a temporary password the parent signs in with and must change', async () => {
    const p = await openPeriod(t);
    const email = `walkin-${unique()}@contoh.id`;
    const res = await register(t.admin, p, { mode: 'account', parent_name: 'Bu Walk-in', email });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(ASSISTED_MSG.createdNewAccount);
    const r = resultOf(res.body);
    expect(r.account).toMatchObject({ status: 'created', username: email, name: 'Bu Walk-in' });
    const temp = r.account.temporary_password!;
    expect(temp).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(r.registration_number).toMatch(/^PSB-\d{4}-SD-\d{5}$/);

    // Only the hash is stored.
    const stored = await t.ownerPool.query(
      'SELECT password_hash, must_change_password FROM users WHERE id = $1',
      [r.account.user_id],
    );
    expect(stored.rows[0].password_hash).not.toContain(temp);
    expect(stored.rows[0].must_change_password).toBe(true);

    const login = await loginAs(t.app, email, temp);
    expect(login.status).toBe(200);
    expect(login.body.must_change_password).toBe(true);
    const parent = login.body.token!;
    // Nothing but the password change until the temporary password is replaced.
    const refused = await call(t.app, { method: 'GET', url: api('/registrants'), token: parent });
    expect(refused.status).toBe(403);

    const changed = await call(t.app, {
      method: 'PUT',
      url: api('/public/change_password'),
      token: parent,
      payload: { old_password: temp, password: 'baru12345' },
    });
    expect(changed.status).toBe(200);
    const mine = await call(t.app, { method: 'GET', url: api('/registrants'), token: changed.body.token });
    expect(mine.body.data).toEqual([
      expect.objectContaining({
        id: r.registrant_id,
        registration_number: r.registration_number,
        name: r.name,
      }),
    ]);
    expect((await loginAs(t.app, email, temp)).status).toBe(401);
    const again = await loginAs(t.app, email, 'baru12345');
    expect(again.body.must_change_password).toBe(false);

    // History and audit name the staff member.
    const superadmin = await t.ownerPool.query("SELECT id FROM users WHERE email = 'superadmin@demo.sch.id'");
    const staffId = superadmin.rows[0].id;
    const history = await t.ownerPool.query(
      'SELECT action, user_id, detail FROM registrant_status_history WHERE registrant_id = $1',
      [r.registrant_id],
    );
    expect(history.rows).toEqual([
      {
        action: 'assisted_create',
        user_id: staffId,
        detail: { account: 'created', parent_user_id: r.account.user_id },
      },
    ]);
    const audit = await t.ownerPool.query(
      "SELECT user_id FROM audit_log WHERE resource = 'registrants' AND record_id = $1 AND action = 'assisted_create'",
      [r.registrant_id],
    );
    expect(audit.rows).toEqual([{ user_id: staffId }]);
  });

  it('attaches to the existing parent account with that e-mail, keeping its password', async () => {
    const p = await openPeriod(t);
    const existing = await newParent(t);
    const res = await register(t.admin, p, {
      mode: 'account',
      parent_name: 'Nama Lain',
      email: existing.email,
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(ASSISTED_MSG.createdExistingAccount);
    const r = resultOf(res.body);
    expect(r.account).toMatchObject({
      status: 'existing',
      username: existing.email,
      temporary_password: null,
    });
    const mine = await call(t.app, { method: 'GET', url: api('/registrants'), token: existing.token });
    expect((mine.body.data as { id: number }[]).map((x) => x.id)).toContain(r.registrant_id);
  });

  it('refuses a contact that belongs to a staff account', async () => {
    const p = await openPeriod(t);
    const res = await register(t.admin, p, {
      mode: 'account',
      parent_name: 'X',
      email: 'superadmin@demo.sch.id',
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(ASSISTED_MSG.staffContact);
  });

  it('without an account, then staff give it one: the parent signs in with the new temporary password', async () => {
    const p = await openPeriod(t);
    const res = await register(t.admin, p, { mode: 'no_account' });
    expect(res.status).toBe(201);
    const r = resultOf(res.body);
    expect(r.account).toMatchObject({ status: 'none', username: null, temporary_password: null });

    const noAccountSlip = await slip(t.admin, r.registrant_id);
    expect(noAccountSlip.statusCode).toBe(200);
    expect(drawnText(noAccountSlip.rawPayload)).toContain('belum memiliki akun orang tua');
    const pending = () =>
      call(t.app, {
        method: 'GET',
        url: api(`/registrant/information_detail/${r.registrant_id}`),
        token: t.admin,
      });
    expect((await pending()).body.data).toMatchObject({ parent: { account_pending: true } });

    const hp = phone();
    const attached = await call(t.app, {
      method: 'PUT',
      url: api(`/registrant/account/${r.registrant_id}`),
      token: t.admin,
      payload: { parent_name: 'Pak Datang', phone_number: hp },
    });
    expect(attached.status).toBe(200);
    const a = resultOf(attached.body);
    expect(a.account).toMatchObject({ status: 'created', username: hp, user_id: r.account.user_id });
    const login = await loginAs(t.app, hp, a.account.temporary_password!);
    expect(login.status).toBe(200);
    expect(login.body.must_change_password).toBe(true);
    expect((await pending()).body.data).toMatchObject({
      parent: { account_pending: false, phone_number: hp },
    });

    const twice = await call(t.app, {
      method: 'PUT',
      url: api(`/registrant/account/${r.registrant_id}`),
      token: t.admin,
      payload: { parent_name: 'Pak Datang', phone_number: phone() },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(ASSISTED_MSG.alreadyHasAccount);
  });

  it('an account-less registrant attached to an existing parent moves to that account', async () => {
    const p = await openPeriod(t);
    const r = resultOf((await register(t.admin, p, { mode: 'no_account' })).body);
    const existing = await newParent(t);
    const attached = await call(t.app, {
      method: 'PUT',
      url: api(`/registrant/account/${r.registrant_id}`),
      token: t.admin,
      payload: { parent_name: 'Ibu Uji', email: existing.email },
    });
    expect(attached.status).toBe(200);
    expect(resultOf(attached.body).account.status).toBe('existing');
    const mine = await call(t.app, { method: 'GET', url: api('/registrants'), token: existing.token });
    expect((mine.body.data as { id: number }[]).map((x) => x.id)).toContain(r.registrant_id);
    const left = await t.ownerPool.query('SELECT deleted_at FROM users WHERE id = $1', [r.account.user_id]);
    expect(left.rows[0].deleted_at).not.toBeNull();
  });

  it('a full class quota → 409 with the parent flow’s message; nothing written', async () => {
    const p = await openPeriod(t, { quota: 1 });
    expect((await register(t.admin, p, { mode: 'no_account' })).status).toBe(201);
    const email = `penuh-${unique()}@contoh.id`;
    const full = await register(t.admin, p, { mode: 'account', parent_name: 'Penuh', email });
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(REGISTRANT_MSG.quotaFull);
    expect((await t.ownerPool.query('SELECT 1 FROM users WHERE email = $1', [email])).rowCount).toBe(0);
  });

  it('a closed period is refused', async () => {
    const p = await openPeriod(t, { open: false });
    const res = await register(t.admin, p, { mode: 'no_account' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(REGISTRANT_MSG.periodClosed);
  });

  it('validates in Indonesian: the child’s name, and a contact when with an account', async () => {
    const p = await openPeriod(t);
    const res = await register(t.admin, p, { mode: 'account', child_name: ' ', email: 'bukan-email' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      child_name: ASSISTED_MSG.childName,
      parent_name: MSG.nameRequired,
      email: MSG.emailInvalid,
    });
    const mode = await register(t.admin, p, { mode: 'lain' });
    expect(mode.status).toBe(400);
    expect(mode.body.errors).toMatchObject({ mode: ASSISTED_MSG.modeInvalid });
  });

  it('needs Calon Murid insert, and the role’s schools', async () => {
    const p = await openPeriod(t);
    const readOnly = await t.staff([flags('Calon Murid', 'read', 'update')]);
    const refused = await register(readOnly, p, { mode: 'no_account' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ASSISTED_MSG.forbidden);

    const smp = await openPeriod(t, { level: 'SMP' });
    const sdOnly = await t.staff([flags('Calon Murid', 'read', 'insert')], [p.sd]);
    expect((await register(sdOnly, p, { mode: 'no_account' })).status).toBe(201);
    const otherSchool = await register(sdOnly, smp, { mode: 'no_account' });
    expect(otherSchool.status).toBe(404);
    // Naming an own school with another school's period is refused too (the period is invisible).
    const mixed = await register(sdOnly, { ...smp, schoolId: p.sd }, { mode: 'no_account' });
    expect(mixed.status).toBe(400);

    const parent = await newParent(t);
    const byParent = await register(parent.token, p, { mode: 'no_account' });
    expect(byParent.status).toBe(403);
    expect(byParent.body.message).toBe(ASSISTED_MSG.notStaff);
  });
});

describe('login slip (POST /registrant/login_slip/:id)', () => {
  it('shows school, name, number, username, temporary password and the configured login address', async () => {
    const p = await openPeriod(t);
    const email = `slip-${unique()}@contoh.id`;
    const r = resultOf((await register(t.admin, p, { mode: 'account', parent_name: 'Bu Slip', email })).body);
    const pdf = await slip(t.admin, r.registrant_id, r.account.temporary_password!, {
      host: 'demo.penyerang.example',
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = drawnText(pdf.rawPayload);
    expect(text).toContain(r.registration_number);
    expect(text).toContain(r.name!);
    expect(text).toContain(r.school_name);
    expect(text).toContain(email);
    expect(text).toContain(r.account.temporary_password!);
    expect(text).toContain('https://demo.psb-uji.example/?modal=login');
    expect(text).not.toContain('penyerang');
    expect(text).toContain('Langkah selanjutnya');

    const wrong = await slip(t.admin, r.registrant_id, 'salahsalah');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('Kata sandi sementara tidak cocok');
  });

  it('another school’s registrant → 404; without insert → 403', async () => {
    const smp = await openPeriod(t, { level: 'SMP' });
    const r = resultOf((await register(t.admin, smp, { mode: 'no_account' })).body);
    const sdOnly = await t.staff([flags('Calon Murid', 'read', 'insert')], [smp.sd]);
    expect((await slip(sdOnly, r.registrant_id)).statusCode).toBe(404);
    const readOnly = await t.staff([flags('Calon Murid', 'read')]);
    expect((await slip(readOnly, r.registrant_id)).statusCode).toBe(403);
  });
});
