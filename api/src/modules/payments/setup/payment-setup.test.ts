/**
 * Payment setup beyond the engine: the school payment overview (counts and totals per class, filters, school
 * scope), the public admin fees, the fee calculation and `feeForChannel`.
 */
import { convenienceFee, schoolPaymentOverviewResponseSchema } from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { api, call } from '../../../../test/helpers';
import { demo, newParent, openPeriod } from '../../../../test/parent-journey';
import { flags, staffWith } from '../../../../test/staff';
import { EVERY_SCHOOL, withTenant } from '../../../db/tenant-db';
import { feeForChannel } from '../convenience-fee';

const t = appPerFile();

const idOf = async (sql: string, values: unknown[] = []) =>
  (await t.ownerPool.query<{ id: number }>(sql, values)).rows[0]!.id;

async function post(url: string, payload: Record<string, unknown>, token = t.admin) {
  const res = await call(t.app, { method: 'POST', url: api(url), token, payload });
  return res;
}

async function overview(query: string, token = t.admin) {
  const res = await call(t.app, { method: 'GET', url: api(`/school_payments/admin?${query}`), token });
  expect({ status: res.status, body: res.body }).toMatchObject({ status: 200 });
  return schoolPaymentOverviewResponseSchema.parse(res.body);
}

/** A new open period of a level with an Uang Pangkal school payment and three setup lines. */
async function periodWithLines(level: 'SD' | 'SMP') {
  const p = await openPeriod(t, { level });
  const type = await idOf("SELECT id FROM mst_type_payments WHERE code = 'UP'");
  const gedung = await idOf("SELECT id FROM mst_payments WHERE name = 'Uang Gedung'");
  const kegiatan = await idOf("SELECT id FROM mst_payments WHERE name = 'Uang Kegiatan Tahunan'");
  const prestasi = await idOf("SELECT id FROM mst_jalurs WHERE name = 'Prestasi'");
  const sp = await post('/school_payment', {
    school_period_id: p.periodId,
    mst_type_payment_id: type,
    channels: ['bca', 'qris'],
    max_installments: 3,
  });
  expect(sp.status).toBe(201);
  const lines = [
    { mst_payment_id: gedung, mst_class_id: p.classId, amount: 1_000_000 },
    { mst_payment_id: kegiatan, amount: 200_000 },
    // Only for the Prestasi jalur: not part of a class's total.
    { mst_payment_id: gedung, mst_jalur_id: prestasi, amount: 300_000 },
  ];
  const ids: number[] = [];
  for (const line of lines) {
    const res = await post('/setup_payment', { school_period_id: p.periodId, ...line });
    expect({ status: res.status, body: res.body }).toMatchObject({ status: 201 });
    ids.push((res.body.data as { id: number }).id);
  }
  return { ...p, schoolPaymentId: (sp.body.data as { id: number }).id, lineIds: ids, typeId: type };
}

describe('GET /school_payments/admin', () => {
  it('lists each school payment with its setup lines counted and the amount per class', async () => {
    const p = await periodWithLines('SD');
    const res = await overview(`school_period_id=${p.periodId}`);
    expect(res.total).toBe(1);
    const row = res.data[0]!;
    expect(row).toMatchObject({
      id: p.schoolPaymentId,
      school_period_id: p.periodId,
      mst_type_payment_name: 'Uang Pangkal',
      school_name: expect.stringMatching(/^SD/),
      channels: ['bca', 'qris'],
      max_installments: 3,
      setup_count: 3,
    });
    const className = (
      await t.ownerPool.query<{ name: string }>('SELECT name FROM mst_classes WHERE id = $1', [p.classId])
    ).rows[0]!.name;
    expect(row.totals).toEqual([
      { mst_class_id: null, mst_class_name: null, total: 200_000 },
      { mst_class_id: p.classId, mst_class_name: className, total: 1_200_000 },
    ]);

    // An archived line leaves the count and the totals.
    const del = await call(t.app, {
      method: 'DELETE',
      url: api(`/setup_payment/${p.lineIds[0]}`),
      token: t.admin,
    });
    expect(del.status).toBe(200);
    const after = (await overview(`school_period_id=${p.periodId}`)).data[0]!;
    expect(after.setup_count).toBe(2);
    expect(after.totals).toEqual([{ mst_class_id: null, mst_class_name: null, total: 200_000 }]);
  });

  it('filters, searches, sorts, pages and lists archived school payments apart', async () => {
    const p = await periodWithLines('SD');
    const all = await overview('page_size=100');
    expect(all.total).toBeGreaterThanOrEqual(4);
    const byType = await overview(`mst_type_payment_id=${p.typeId}&page_size=100`);
    expect(byType.data.every((r) => r.mst_type_payment_id === p.typeId)).toBe(true);
    const d = await demo(t);
    expect(
      (await overview(`school_id=${d.smp}&page_size=100`)).data.every((r) => r.school_id === d.smp),
    ).toBe(true);
    const paged = await overview('page=2&page_size=1&sort_column=setup_count&sort_value=desc');
    expect(paged).toMatchObject({ page: 2, page_size: 1, total: all.total });
    expect(paged.data).toHaveLength(1);
    const past = await overview(`page=99&page_size=100`);
    expect(past).toMatchObject({ data: [], total: all.total });
    const periodName = (
      await t.ownerPool.query<{ name: string }>('SELECT name FROM school_periods WHERE id = $1', [p.periodId])
    ).rows[0]!.name;
    expect((await overview(`search=${encodeURIComponent(periodName)}`)).data.map((r) => r.id)).toEqual([
      p.schoolPaymentId,
    ]);

    const del = await call(t.app, {
      method: 'DELETE',
      url: api(`/school_payment/${p.schoolPaymentId}`),
      token: t.admin,
    });
    expect(del.status).toBe(200);
    expect((await overview(`school_period_id=${p.periodId}`)).total).toBe(0);
    const archived = await overview(`school_period_id=${p.periodId}&show_deleted=true`);
    expect(archived.data.map((r) => [r.id, r.deleted_at !== null])).toEqual([[p.schoolPaymentId, true]]);
  });

  it('refuses unknown sort columns, loose ids and oversized pages with Indonesian messages', async () => {
    for (const [query, field] of [
      ['sort_column=password', 'sort_column'],
      ['school_id=1e3', 'school_id'],
      ['page_size=101', 'page_size'],
      ['page=0', 'page'],
    ] as const) {
      const res = await call(t.app, {
        method: 'GET',
        url: api(`/school_payments/admin?${query}`),
        token: t.admin,
      });
      expect({ query, status: res.status, fields: Object.keys(res.body.errors ?? {}) }).toEqual({
        query,
        status: 400,
        fields: [field],
      });
    }
  });

  it('needs read on Pembayaran per Periode Pendaftaran', async () => {
    const none = await t.staff([flags('Tipe Pembayaran', 'read')]);
    const res = await call(t.app, { method: 'GET', url: api('/school_payments/admin'), token: none });
    expect(res.status).toBe(403);
  });
});

describe('exports of the payment setup (engine: list and empty-label columns)', () => {
  const csv = async (url: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: api(url),
      headers: { authorization: `Bearer ${t.admin}` },
    });
    expect(res.statusCode).toBe(200);
    return res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
  };

  it('writes channels by their labels and an empty class or jalur as "Semua …"', async () => {
    const p = await periodWithLines('SD');
    const sp = await csv(`/school_payments/export?format=csv&school_period_id=${p.periodId}`);
    expect(sp[0]).toContain('Kanal Pembayaran');
    expect(sp[1]).toContain('"BCA Virtual Account, QRIS"');
    const lines = await csv(
      `/setup_payments/export?format=csv&school_period_id=${p.periodId}&sort_column=amount`,
    );
    expect(lines.slice(1).map((l) => l.split(',').slice(2, 4))).toEqual([
      ['Semua kelas', 'Semua jalur'],
      ['Semua kelas', 'Prestasi'],
      [expect.stringMatching(/^Kelas/), 'Semua jalur'],
    ]);
    const fees = await csv('/us/convenience_fees/export?format=csv&channel=qris');
    expect(fees[1]).toBe('Biaya Admin QRIS,QRIS,Persentase,0,"0,7%",1000,,Ya');
    const xlsx = await t.app.inject({
      method: 'GET',
      url: api('/us/convenience_fees/export'),
      headers: { authorization: `Bearer ${t.admin}` },
    });
    expect(decodeURIComponent(String(xlsx.headers['content-disposition']))).toContain(
      'Data Biaya Admin.xlsx',
    );
  });
});

describe('school scope of the payment setup', () => {
  it("a role limited to school A neither sees nor changes school B's school payments and setup lines", async () => {
    const d = await demo(t);
    const smp = await periodWithLines('SMP');
    const sd = await periodWithLines('SD');
    const sdOnly = await staffWith(
      t,
      t.admin,
      [flags('Pembayaran per Periode Pendaftaran', 'read', 'insert', 'update', 'delete')],
      [d.sd],
    );

    const seen = await overview('page_size=100', sdOnly);
    expect(seen.data.map((r) => r.school_id)).not.toContain(d.smp);
    expect(seen.data.map((r) => r.id)).toContain(sd.schoolPaymentId);

    const lines = await call(t.app, {
      method: 'GET',
      url: api(`/setup_payments?school_period_id=${smp.periodId}`),
      token: sdOnly,
    });
    expect(lines.body).toMatchObject({ total: 0, data: [] });
    for (const [method, url] of [
      ['GET', `/setup_payment/${smp.lineIds[1]}`],
      ['PUT', `/setup_payment/${smp.lineIds[1]}`],
      ['DELETE', `/setup_payment/${smp.lineIds[1]}`],
      ['GET', `/school_payment/${smp.schoolPaymentId}`],
      ['PUT', `/school_payment/${smp.schoolPaymentId}`],
    ] as const) {
      const res = await call(t.app, {
        method,
        url: api(url),
        token: sdOnly,
        ...(method === 'PUT' ? { payload: { amount: 1, expiry_hours: 1 } } : {}),
      });
      expect({ method, url, status: res.status }).toEqual({ method, url, status: 404 });
    }
    // Nor can it add a line to B's period.
    const kegiatan = await idOf("SELECT id FROM mst_payments WHERE name = 'Seragam Harian'");
    const add = await post(
      '/setup_payment',
      { school_period_id: smp.periodId, mst_payment_id: kegiatan, amount: 5 },
      sdOnly,
    );
    expect([400, 403, 404]).toContain(add.status);
    const stored = await t.ownerPool.query(
      'SELECT amount FROM setup_payments WHERE school_period_id = $1 AND deleted_at IS NULL ORDER BY id',
      [smp.periodId],
    );
    expect(stored.rows.map((r) => Number(r.amount))).toEqual([1_000_000, 200_000, 300_000]);

    // Its own school's lines it may change.
    const own = await call(t.app, {
      method: 'PUT',
      url: api(`/setup_payment/${sd.lineIds[1]}`),
      token: sdOnly,
      payload: { amount: 250_000 },
    });
    expect(own.status).toBe(200);
  });

  it('refuses a class of another school on a fee line', async () => {
    const sd = await openPeriod(t, { level: 'SD' });
    const smpClass = await idOf(
      `SELECT k.id FROM mst_classes k JOIN mst_grades g ON g.tenant_id = k.tenant_id AND g.id = k.mst_grade_id
       WHERE k.name = 'Kelas 7'`,
    );
    const component = await idOf("SELECT id FROM mst_payments WHERE name = 'Biaya Formulir'");
    const res = await post('/setup_payment', {
      school_period_id: sd.periodId,
      mst_class_id: smpClass,
      mst_payment_id: component,
      amount: 100_000,
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors ?? {})).toEqual(['mst_class_id']);
  });
});

describe('admin fees (us/convenience_fee)', () => {
  it('lists the active fee of every channel publicly, without a login', async () => {
    const res = await call(t.app, { method: 'GET', url: api('/public/us/convenience_fee') });
    expect(res.status).toBe(200);
    const data = res.body.data as { channel: string; fee_type: string }[];
    expect(data.map((f) => f.channel).sort()).toEqual(
      ['bca', 'bni', 'bri', 'cimb', 'mandiri', 'permata', 'qris'].sort(),
    );
    expect(res.raw).not.toMatch(/created_at|tenant_id/);
  });

  it('calculates the fee for parents and staff: percentage rounded up, kept above the minimum', async () => {
    const qris = await idOf("SELECT id FROM convenience_fees WHERE channel = 'qris'");
    const parent = await newParent(t);
    for (const token of [parent.token, t.admin]) {
      const res = await call(t.app, {
        method: 'GET',
        url: api(`/us/convenience_fee/${qris}/calculate?total_amount=1250001`),
        token,
      });
      expect(res.body).toEqual({
        success: true,
        data: { total_amount: 1_250_001, fee: 8_751, grand_total: 1_258_752 },
      });
    }
    const small = await call(t.app, {
      method: 'GET',
      url: api(`/us/convenience_fee/${qris}/calculate?total_amount=100000`),
      token: parent.token,
    });
    expect(small.body.data).toEqual({ total_amount: 100_000, fee: 1_000, grand_total: 101_000 });

    expect(
      (await call(t.app, { method: 'GET', url: api(`/us/convenience_fee/${qris}/calculate?total_amount=1`) }))
        .status,
    ).toBe(401);
    const bad = await call(t.app, {
      method: 'GET',
      url: api(`/us/convenience_fee/${qris}/calculate?total_amount=12.5`),
      token: parent.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.total_amount).toMatch(/rupiah/);
    const missing = await call(t.app, {
      method: 'GET',
      url: api('/us/convenience_fee/999999/calculate?total_amount=1000'),
      token: parent.token,
    });
    expect(missing.status).toBe(404);
  });

  it('keeps one active fee per channel; feeForChannel applies the active one or none', async () => {
    const d = await demo(t);
    const dup = await post('/us/convenience_fee', {
      name: 'BCA Kedua',
      channel: 'bca',
      fee_type: 'flat',
      flat_amount: 5000,
    });
    expect(dup.status).toBe(409);
    expect(dup.body.errors?.channel).toMatch(/sudah punya biaya admin yang aktif/);

    const feeFor = (channel: 'qris' | 'cimb', total: number) =>
      withTenant(t.pool, d.tenant_id, (c) => feeForChannel(c.db, channel, total), EVERY_SCHOOL);
    const qris = await idOf("SELECT id FROM convenience_fees WHERE channel = 'qris'");
    const rule = {
      fee_type: 'percent',
      flat_amount: 0,
      percent_bp: 70,
      min_amount: 1000,
      max_amount: null,
    } as const;
    expect(await feeFor('qris', 2_000_000)).toEqual({ fee: convenienceFee(rule, 2_000_000), feeId: qris });
    expect((await feeFor('qris', 2_000_000)).fee).toBe(14_000);

    const cimb = await idOf("SELECT id FROM convenience_fees WHERE channel = 'cimb' AND is_active");
    const off = await call(t.app, {
      method: 'PUT',
      url: api(`/us/convenience_fee/${cimb}`),
      token: t.admin,
      payload: { is_active: false },
    });
    expect(off.status).toBe(200);
    expect(await feeFor('cimb', 2_000_000)).toEqual({ fee: 0, feeId: null });
    const listed = await call(t.app, { method: 'GET', url: api('/public/us/convenience_fee') });
    expect((listed.body.data as { channel: string }[]).map((f) => f.channel)).not.toContain('cimb');
  });

  it('refuses a minimum above the maximum', async () => {
    const res = await post('/us/convenience_fee', {
      name: 'Terbalik',
      channel: 'cimb',
      fee_type: 'percent',
      percent_bp: 100,
      min_amount: 9000,
      max_amount: 1000,
      is_active: false,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ max_amount: 'Biaya minimal tidak boleh lebih dari biaya maksimal.' });
  });
});
