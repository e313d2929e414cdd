import { createVouchersResponseSchema, listResponseSchema, voucherResource } from '@psb/contracts';
import ExcelJS from 'exceljs';
import { appPerFile } from '../../../../test/app-per-file';
import { call, tokenFor } from '../../../../test/helpers';
import {
  demo,
  newParent,
  newRegistrant,
  newVoucher,
  openPeriod,
  PASSWORD,
  redeem,
} from '../../../../test/parent-journey';
import { kyselyOnPool } from '../../../db/kysely';
import { DEMO_VOUCHERS } from '../../../db/seed-parent-journey';

/** Typed queries on the owner pool, for setup and assertions. */
const owner = () => kyselyOnPool(t.ownerPool);
const t = appPerFile();
beforeAll(async () => {
  await demo(t);
});

const CODE = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{10}$/;

describe('staff vouchers (module Token)', () => {
  it('generates vouchers with unguessable unique codes', async () => {
    const d = await demo(t);
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/v1/mst_token/create',
      token: t.admin,
      payload: { count: 25, method: 'offline', school_year_id: d.year_id, school_id: d.sd },
    });
    expect(res.status).toBe(201);
    const body = createVouchersResponseSchema.parse(res.body);
    expect(body.message).toBe('25 voucher berhasil dibuat.');
    expect(body.data).toHaveLength(25);
    const codes = body.data.map((v) => v.token);
    expect(new Set(codes).size).toBe(25);
    for (const c of codes) expect(c).toMatch(CODE);
    expect(body.data[0]).toMatchObject({
      status: 'unused',
      school_name: 'SD Harapan Bangsa',
      school_year_name: '2027/2028',
    });
  });

  it('validates the count and the school year', async () => {
    const d = await demo(t);
    for (const count of [0, 1001]) {
      const res = await call(t.app, {
        method: 'POST',
        url: '/api/v1/mst_token/create',
        token: t.admin,
        payload: { count, method: 'offline', school_year_id: d.year_id },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors?.count).toBe('Jumlah voucher antara 1 dan 1000.');
    }
    const noYear = await call(t.app, {
      method: 'POST',
      url: '/api/v1/mst_token/create',
      token: t.admin,
      payload: { count: 1, method: 'offline', school_year_id: 999999 },
    });
    expect(noYear.status).toBe(400);
    expect(noYear.body.errors?.school_year_id).toBe('Tahun ajaran yang dipilih tidak ditemukan.');
  });

  it('lists with filters, counts the available ones and exports Voucher.xlsx', async () => {
    const d = await demo(t);
    const list = await call(t.app, {
      method: 'GET',
      url: `/api/v1/mst_tokens?school_year_id=${d.year_id}&status=used&page_size=100`,
      token: t.admin,
    });
    expect(list.status).toBe(200);
    const used = listResponseSchema(voucherResource.schema).parse(list.body);
    expect(used.data.map((v) => v.token)).toContain(DEMO_VOUCHERS.used);
    expect(used.data.every((v) => v.status === 'used' && v.used_by_name !== null)).toBe(true);

    const search = await call(t.app, {
      method: 'GET',
      url: '/api/v1/mst_tokens?search=demo-smp',
      token: t.admin,
    });
    expect((search.body.data as { token: string }[]).map((v) => v.token).sort()).toEqual([
      ...DEMO_VOUCHERS.smp,
    ]);

    const available = await call(t.app, {
      method: 'GET',
      url: `/api/v1/mst_tokens/available/${d.year_id}`,
      token: t.admin,
    });
    expect(available.status).toBe(200);
    const unused = Number(
      (
        await t.ownerPool.query(
          'SELECT count(*) FROM mst_tokens WHERE tenant_id = $1 AND school_year_id = $2 AND used_at IS NULL AND deleted_at IS NULL',
          [d.tenant_id, d.year_id],
        )
      ).rows[0].count,
    );
    expect(available.body.count).toBe(unused);
    expect(unused).toBeGreaterThanOrEqual(20);

    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1/mst_tokens/export?school_year_id=${d.year_id}`,
      headers: { authorization: `Bearer ${t.admin}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('filename="Voucher.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(new Uint8Array(file.rawPayload).buffer);
    const sheet = wb.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 5)).toEqual([
      'Kode Voucher',
      'Metode',
      'Tahun Ajaran',
      'Sekolah',
    ]);
    expect(sheet.rowCount).toBe(Number(available.body.count) + used.total + 1);
  });

  it('refuses roles without Token and parents (403)', async () => {
    const d = await demo(t);
    const teacher = await tokenFor(t.app, 'guru@demo.sch.id', 'admin');
    const parent = await tokenFor(t.app, 'orangtua@demo.sch.id', 'user', PASSWORD);
    for (const token of [teacher, parent]) {
      expect((await call(t.app, { method: 'GET', url: '/api/v1/mst_tokens', token })).status).toBe(403);
      const create = await call(t.app, {
        method: 'POST',
        url: '/api/v1/mst_token/create',
        token,
        payload: { count: 1, method: 'offline', school_year_id: d.year_id },
      });
      expect(create.status).toBe(403);
    }
    expect((await call(t.app, { method: 'GET', url: '/api/v1/mst_tokens' })).status).toBe(401);
  });

  it('edits an unused voucher but keeps the year and school of a used one', async () => {
    const d = await demo(t);
    const id = async (code: string) =>
      (
        await owner()
          .selectFrom('mst_tokens')
          .select('id')
          .where('token', '=', code)
          .executeTakeFirstOrThrow()
      ).id;
    const free = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/mst_token/${await id(DEMO_VOUCHERS.any[1])}`,
      token: t.admin,
      payload: { note: 'Untuk pameran', school_id: d.smp },
    });
    expect(free.status).toBe(200);
    expect(free.body.data).toMatchObject({ note: 'Untuk pameran', school_name: 'SMP Harapan Bangsa' });
    const used = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/mst_token/${await id(DEMO_VOUCHERS.used)}`,
      token: t.admin,
      payload: { school_id: d.smp },
    });
    expect(used.status).toBe(409);
    expect(used.body.message).toBe(
      'Voucher yang sudah digunakan tidak dapat diubah tahun ajaran atau sekolahnya.',
    );
  });

  it('resets a used voucher only once its registrant is gone', async () => {
    const r = await newRegistrant(t);
    const code = (
      await owner()
        .selectFrom('mst_tokens')
        .select('token')
        .where('registrant_id', '=', r.id)
        .executeTakeFirstOrThrow()
    ).token;
    const url = `/api/v1/mst_token/reset/${code}`;
    const live = await call(t.app, { method: 'POST', url, token: t.admin });
    expect(live.status).toBe(409);
    expect(live.body.message).toMatch(/^Voucher masih dipakai oleh calon murid .* \(PSB-2027-SD-\d{5}\)/);
    const unused = await call(t.app, {
      method: 'POST',
      url: `/api/v1/mst_token/reset/${await newVoucher(t)}`,
      token: t.admin,
    });
    expect(unused.status).toBe(409);
    await t.ownerPool.query('UPDATE registrants SET deleted_at = now() WHERE id = $1', [r.id]);
    const ok = await call(t.app, { method: 'POST', url, token: t.admin });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ token: code, status: 'unused', used_at: null, registrant_id: null });
    // It can be redeemed again.
    const again = await redeem(t, r.parent.token, {
      token: code,
      school_id: r.schoolId,
      school_period_id: r.periodId,
      mst_class_id: r.classId,
    });
    expect(again.status).toBe(201);
  });
});

describe('parents starting from a voucher', () => {
  it('registers an account with voucher + password, signs in with it and redeems it', async () => {
    const p = await openPeriod(t);
    const code = await newVoucher(t);
    const reg = await call(t.app, {
      method: 'POST',
      url: '/api/v1/user/token/register',
      payload: { token: code.toLowerCase(), password: 'rahasia99' },
    });
    expect(reg.status).toBe(201);
    expect(reg.body).toMatchObject({
      success: true,
      user: { role: 'user', email: null, phone_number: null },
    });
    const twice = await call(t.app, {
      method: 'POST',
      url: '/api/v1/user/token/register',
      payload: { token: code, password: 'rahasia99' },
    });
    expect(twice.status).toBe(409);

    for (const url of ['/api/v1/public/login_token', '/api/v1/user/token/login']) {
      const ok = await call(t.app, { method: 'POST', url, payload: { token: code, password: 'rahasia99' } });
      expect(ok.status).toBe(200);
      expect(typeof ok.body.token).toBe('string');
      const bad = await call(t.app, { method: 'POST', url, payload: { token: code, password: 'salah999' } });
      expect(bad.status).toBe(401);
      expect(bad.body.message).toBe('Kode voucher atau kata sandi salah.');
    }
    const unknown = await call(t.app, {
      method: 'POST',
      url: '/api/v1/public/login_token',
      payload: { token: 'TIDAKADA11', password: 'rahasia99' },
    });
    expect(unknown.status).toBe(401);

    // Another account cannot take a voucher bound to this one; its owner can.
    const place = { school_id: p.schoolId, school_period_id: p.periodId, mst_class_id: p.classId };
    const other = await tokenFor(t.app, 'orangtua@demo.sch.id', 'user', PASSWORD);
    const taken = await redeem(t, other, { token: code, ...place });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Voucher ini sudah terhubung dengan akun lain.');
    const mine = await redeem(t, String(reg.body.token), { token: code, ...place, password: 'rahasia99' });
    expect(mine.status).toBe(201);
    // Still signs in with the voucher after it was used.
    const after = await call(t.app, {
      method: 'POST',
      url: '/api/v1/public/login_token',
      payload: { token: code, password: 'rahasia99' },
    });
    expect(after.status).toBe(200);
  });
});

describe("voucher sign-in shares the account's failure counter", () => {
  const FREE = 5;
  /** A parent account registered with a voucher and an e-mail: two ways to sign in to one account. */
  const voucherAccount = async () => {
    const code = await newVoucher(t);
    const email = `voucher-${code.toLowerCase()}@contoh.id`;
    const reg = await call(t.app, {
      method: 'POST',
      url: '/api/v1/user/token/register',
      payload: { token: code, email, password: 'rahasia99' },
    });
    expect(reg.status).toBe(201);
    return { code, email };
  };
  const byVoucher = (url: string, code: string, password: string) =>
    call(t.app, { method: 'POST', url, payload: { token: code, password } });
  const byEmail = (email: string, password: string) =>
    call(t.app, {
      method: 'POST',
      url: '/api/v1/public/login',
      payload: { username: email, password, type: 'user' },
    });

  it('an account slowed by wrong passwords is slowed for its voucher too', async () => {
    const { code, email } = await voucherAccount();
    for (let i = 0; i < FREE; i += 1) expect((await byEmail(email, 'salah999')).status).toBe(401);
    for (const url of ['/api/v1/public/login_token', '/api/v1/user/token/login']) {
      const res = await byVoucher(url, code, 'rahasia99');
      expect({ url, status: res.status }).toEqual({ url, status: 429 });
      expect(res.headers['retry-after']).toBeDefined();
    }
  });

  it('wrong passwords through the voucher count toward the account', async () => {
    const { code, email } = await voucherAccount();
    const urls = ['/api/v1/public/login_token', '/api/v1/user/token/login'];
    for (let i = 0; i < FREE; i += 1)
      expect((await byVoucher(urls[i % 2]!, code, 'salah999')).status).toBe(401);
    expect((await byEmail(email, 'rahasia99')).status).toBe(429);
    expect((await byVoucher(urls[0]!, code, 'rahasia99')).status).toBe(429);
  });

  it('a success clears the counter for every way in', async () => {
    const { code, email } = await voucherAccount();
    for (let i = 0; i < FREE - 1; i += 1) expect((await byEmail(email, 'salah999')).status).toBe(401);
    expect((await byVoucher('/api/v1/public/login_token', code, 'rahasia99')).status).toBe(200);
    for (let i = 0; i < FREE - 1; i += 1) expect((await byEmail(email, 'salah999')).status).toBe(401);
    expect((await byEmail(email, 'rahasia99')).status).toBe(200);
  });
});

describe('public lookups honour the voucher', () => {
  it('GET /public/school and /public/mst_class offer only what the voucher allows', async () => {
    const sd = await openPeriod(t, { level: 'SD' });
    await openPeriod(t, { level: 'SMP' });
    const names = async (url: string) =>
      ((await call(t.app, { method: 'GET', url })).body.data as { name: string }[]).map((s) => s.name);
    expect(await names('/api/v1/public/school')).toEqual(['SD Harapan Bangsa', 'SMP Harapan Bangsa']);
    expect(await names(`/api/v1/public/school?token=${DEMO_VOUCHERS.smp[0].toLowerCase()}`)).toEqual([
      'SMP Harapan Bangsa',
    ]);
    expect(await names(`/api/v1/public/school?token=${DEMO_VOUCHERS.any[0]}`)).toHaveLength(2);
    const mistyped = await call(t.app, { method: 'GET', url: '/api/v1/public/school?token=TIDAKADA22' });
    expect(mistyped.status).toBe(400);
    expect(mistyped.body.errors).toEqual({
      token: 'Kode voucher tidak valid. Periksa kembali kode pada kartu voucher Anda.',
    });
    const sdClasses = await names(
      `/api/v1/public/mst_class?school_name=SD%20Harapan%20Bangsa&token=${DEMO_VOUCHERS.sd[0]}`,
    );
    expect(sdClasses.length).toBeGreaterThan(0);
    expect(
      await names(`/api/v1/public/mst_class?school_name=SD%20Harapan%20Bangsa&token=${DEMO_VOUCHERS.smp[0]}`),
    ).toEqual([]);
    expect(sd.schoolId).toBe(sd.sd);
  });

  it('GET /public/mst_class with a period lists only its classes with the places left', async () => {
    const p = await openPeriod(t, { level: 'SD', quota: 1 });
    const url = `/api/v1/public/mst_class?school_name=SD%20Harapan%20Bangsa&school_period_id=${p.periodId}`;
    const before = (await call(t.app, { method: 'GET', url })).body.data as {
      id: number;
      remaining: number;
    }[];
    expect(before).toEqual([expect.objectContaining({ id: p.classId, quota: 1, remaining: 1 })]);
    const parent = await newParent(t);
    const res = await redeem(t, parent.token, {
      token: await newVoucher(t),
      school_id: p.schoolId,
      school_period_id: p.periodId,
      mst_class_id: p.classId,
    });
    expect(res.status).toBe(201);
    const after = (await call(t.app, { method: 'GET', url })).body.data as { remaining: number }[];
    expect(after).toEqual([expect.objectContaining({ remaining: 0 })]);
    const wrongSchool = `/api/v1/public/mst_class?school_name=SMP%20Harapan%20Bangsa&school_period_id=${p.periodId}`;
    expect((await call(t.app, { method: 'GET', url: wrongSchool })).body.data).toEqual([]);
  });
});

describe("the client's other names for the voucher registration", () => {
  it.each(['/api/v1/mst_token/register', '/api/v1/internal'])(
    'POST %s creates the account from an unused voucher like /user/token/register',
    async (url) => {
      const code = await newVoucher(t);
      const reg = await call(t.app, { method: 'POST', url, payload: { token: code, password: 'rahasia99' } });
      expect(reg.status).toBe(201);
      expect(reg.body).toMatchObject({ success: true, user: { role: 'user' } });
      const signIn = await call(t.app, {
        method: 'POST',
        url: '/api/v1/user/token/login',
        payload: { token: code, password: 'rahasia99' },
      });
      expect(signIn.status).toBe(200);
      const twice = await call(t.app, {
        method: 'POST',
        url,
        payload: { token: code, password: 'rahasia99' },
      });
      expect(twice.status).toBe(409);
      const empty = await call(t.app, { method: 'POST', url, payload: { password: 'rahasia99' } });
      expect(empty.status).toBe(400);
      expect(empty.body.success).toBe(false);
      expect(Object.keys(empty.body.errors as object)).toContain('token');
    },
  );
});
