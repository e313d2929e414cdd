import {
  QUESTIONS,
  REGISTRANT_MSG,
  registrantListResponseSchema,
  registrantResponseSchema,
  VOUCHER_MSG,
} from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { call, tokenFor } from '../../../../test/helpers';
import {
  completeAnswers,
  newParent,
  newRegistrant,
  newVoucher,
  openPeriod,
  PASSWORD,
  redeem,
} from '../../../../test/parent-journey';
import { kyselyOnClient } from '../../../db/kysely';
import { createTenant } from '../../../db/seed';

const t = appPerFile({ signIn: false });

const save = (token: string, registrant_id: number, data: Record<string, unknown>) =>
  call(t.app, { method: 'POST', url: '/api/v1/registrant_answer', token, payload: { registrant_id, data } });

const registrantCount = async (code: string) =>
  Number(
    (
      await t.ownerPool.query(
        'SELECT count(*) FROM registrants r JOIN mst_tokens k ON k.tenant_id = r.tenant_id AND k.id = r.token_id WHERE k.token = $1',
        [code],
      )
    ).rows[0].count,
  );

describe('adding a registrant with a voucher (POST /registrant)', () => {
  it('creates the registrant with a registration number and marks the voucher used', async () => {
    const p = await openPeriod(t);
    const parent = await newParent(t);
    const code = await newVoucher(t);
    const res = await redeem(t, parent.token, {
      token: code.toLowerCase(),
      school_id: p.schoolId,
      school_period_id: p.periodId,
      mst_class_id: p.classId,
    });
    expect(res.status).toBe(201);
    const data = registrantResponseSchema.parse(res.body).data;
    expect(data.registration_number).toMatch(/^PSB-2027-SD-\d{5}$/);
    expect(data).toMatchObject({
      school_id: p.schoolId,
      is_submit: false,
      locked: false,
      question_answer: {},
    });
    expect(data.missing_count).toBeGreaterThan(40);
    const v = await t.ownerPool.query('SELECT used_at, registrant_id FROM mst_tokens WHERE token = $1', [
      code,
    ]);
    expect(v.rows[0].used_at).not.toBeNull();
    expect(v.rows[0].registrant_id).toBe(data.id);
  });

  it('two parents racing for one voucher: exactly one registrant, the other gets 409', async () => {
    const p = await openPeriod(t);
    const [a, b] = await Promise.all([newParent(t), newParent(t)]);
    const code = await newVoucher(t);
    const body = {
      token: code,
      school_id: p.schoolId,
      school_period_id: p.periodId,
      mst_class_id: p.classId,
    };
    const results = await Promise.all([redeem(t, a.token, body), redeem(t, b.token, body)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toBe('Voucher sudah digunakan.');
    expect(await registrantCount(code)).toBe(1);
  });

  it('refuses unknown, used and other-tenant vouchers', async () => {
    const p = await openPeriod(t);
    const parent = await newParent(t);
    const place = { school_id: p.schoolId, school_period_id: p.periodId, mst_class_id: p.classId };

    const unknown = await redeem(t, parent.token, { token: 'TIDAKADA99', ...place });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ token: VOUCHER_MSG.invalid });

    const code = await newVoucher(t);
    expect((await redeem(t, parent.token, { token: code, ...place })).status).toBe(201);
    const again = await redeem(t, parent.token, { token: code, ...place });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Voucher sudah digunakan.');

    // A voucher of another tenant does not exist here.
    const other = await createTenant(t.ownerPool, { slug: 'yayasan-lain', name: 'Yayasan Lain' });
    const client = await t.ownerPool.connect();
    try {
      await client.query('BEGIN');
      await client.query("SELECT set_config('app.tenant_id', $1, true)", [String(other)]);
      const db = kyselyOnClient(client);
      const year = await db
        .insertInto('school_years')
        .values({
          tenant_id: other,
          name: '2027/2028',
          start_date: '2027-07-01',
          end_date: '2028-06-30',
          is_active: true,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('mst_tokens')
        .values({ tenant_id: other, token: 'LAINTENANT1', school_year_id: year.id })
        .execute();
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    const foreign = await redeem(t, parent.token, { token: 'LAINTENANT1', ...place });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(VOUCHER_MSG.invalid);
  });

  it('refuses a wrong account password without using the voucher', async () => {
    const p = await openPeriod(t);
    const parent = await newParent(t);
    const code = await newVoucher(t);
    const res = await redeem(t, parent.token, {
      token: code,
      password: 'salah123',
      school_id: p.schoolId,
      school_period_id: p.periodId,
      mst_class_id: p.classId,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ password: 'Kata sandi salah.' });
    expect(await registrantCount(code)).toBe(0);
  });

  it('refuses a full class quota, a closed period and a voucher of another school', async () => {
    const p = await openPeriod(t, { quota: 1 });
    const place = { school_id: p.schoolId, school_period_id: p.periodId, mst_class_id: p.classId };
    const parent = await newParent(t);
    expect((await redeem(t, parent.token, { token: await newVoucher(t), ...place })).status).toBe(201);
    const full = await redeem(t, parent.token, { token: await newVoucher(t), ...place });
    expect(full.status).toBe(409);
    expect(full.body.message).toBe('Kuota kelas ini sudah penuh. Silakan pilih kelas atau periode lain.');

    const closed = await openPeriod(t, { open: false });
    const late = await redeem(t, parent.token, {
      token: await newVoucher(t),
      school_id: closed.schoolId,
      school_period_id: closed.periodId,
      mst_class_id: closed.classId,
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Periode pendaftaran ini sedang tidak dibuka.');

    const open = await openPeriod(t);
    const smpOnly = await newVoucher(t, { schoolId: open.smp });
    const wrongSchool = await redeem(t, parent.token, {
      token: smpOnly,
      school_id: open.schoolId,
      school_period_id: open.periodId,
      mst_class_id: open.classId,
    });
    expect(wrongSchool.status).toBe(400);
    expect(wrongSchool.body.message).toBe('Voucher ini hanya berlaku untuk SMP Harapan Bangsa.');
  });

  it('lists the parent own registrants with names, status and what is missing', async () => {
    const r = await newRegistrant(t);
    const res = await call(t.app, { method: 'GET', url: '/api/v1/registrants', token: r.parent.token });
    expect(res.status).toBe(200);
    const list = registrantListResponseSchema.parse(res.body).data;
    expect(list.map((x) => x.id)).toEqual([r.id]);
    expect(list[0]).toMatchObject({
      school_name: 'SD Harapan Bangsa',
      status_label: 'Sedang mengisi formulir',
      mst_class_name: expect.any(String),
    });
    expect(list[0]!.missing).toContainEqual({ no: 2, label: 'Nama Panggilan (untuk name tag)' });
    expect(list[0]).not.toHaveProperty('question_answer');
  });
});

describe('answers (POST /registrant_answer)', () => {
  it('saves a page, merges answers and takes the name from answer 1', async () => {
    const r = await newRegistrant(t);
    const first = await save(r.parent.token, r.id, { '1': 'Siti Aminah', '2': 'Siti', '5': 'Perempuan' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, message: 'Jawaban tersimpan.', registrant_id: r.id });
    expect((await save(r.parent.token, r.id, { '7': 'AB', '2': null })).status).toBe(200);
    const got = await call(t.app, {
      method: 'GET',
      url: `/api/v1/registrant/${r.id}`,
      token: r.parent.token,
    });
    expect(got.status).toBe(200);
    const data = registrantResponseSchema.parse(got.body).data;
    expect(data.question_answer).toEqual({ '1': 'Siti Aminah', '5': 'Perempuan', '7': 'AB' });
    expect(data.name).toBe('Siti Aminah');
  });

  it('rejects a badge name of 15 characters and unknown questions with messages', async () => {
    const r = await newRegistrant(t);
    const badge = await save(r.parent.token, r.id, { '1': 'Nama', '2': 'A'.repeat(15) });
    expect(badge.status).toBe(400);
    expect(badge.body.errors).toEqual({ '2': 'Maksimal 14 karakter.' });
    const unknown = await save(r.parent.token, r.id, { '999': 'x' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ '999': 'Pertanyaan tidak dikenal.' });
    const phone = await save(r.parent.token, r.id, { '9': '0812' });
    expect(phone.status).toBe(400);
    expect(phone.body.errors?.['9']).toBe('No. telepon harus +62 diikuti 8–12 angka.');
    const got = await call(t.app, {
      method: 'GET',
      url: `/api/v1/registrant/${r.id}`,
      token: r.parent.token,
    });
    expect((got.body.data as { question_answer: object }).question_answer).toEqual({});
  });

  it('clears the address levels below a changed one, and only those', async () => {
    const r = await newRegistrant(t);
    const address = {
      '10': 'Jl. Dago 1',
      '57': 'Jawa Barat',
      '58': 'Kota Bandung',
      '59': 'Coblong',
      '60': 'Dago',
      '61': '40135',
    };
    expect((await save(r.parent.token, r.id, address)).status).toBe(200);
    // The same province again: nothing below changes.
    expect((await save(r.parent.token, r.id, { '57': 'Jawa Barat' })).status).toBe(200);
    // Another kabupaten: kecamatan, kelurahan and postal code go; province and street stay.
    expect((await save(r.parent.token, r.id, { '58': 'Kabupaten Bandung' })).status).toBe(200);
    const got = await call(t.app, {
      method: 'GET',
      url: `/api/v1/registrant/${r.id}`,
      token: r.parent.token,
    });
    expect((got.body.data as { question_answer: object }).question_answer).toEqual({
      '10': 'Jl. Dago 1',
      '57': 'Jawa Barat',
      '58': 'Kabupaten Bandung',
    });
  });

  it("another parent's registrant is not found on every endpoint", async () => {
    const r = await newRegistrant(t);
    const stranger = await newParent(t);
    const tk = stranger.token;
    expect((await call(t.app, { method: 'GET', url: `/api/v1/registrant/${r.id}`, token: tk })).status).toBe(
      404,
    );
    expect((await save(tk, r.id, { '1': 'Penyusup' })).status).toBe(404);
    for (const action of ['complete', 'submit'])
      expect(
        (await call(t.app, { method: 'POST', url: `/api/v1/registrant/${action}/${r.id}`, token: tk }))
          .status,
      ).toBe(404);
    const byUser = await call(t.app, { method: 'GET', url: `/api/v1/registrant/user/${r.id}`, token: tk });
    expect(byUser.status).toBe(404);
    const mine = await call(t.app, { method: 'GET', url: '/api/v1/registrants', token: tk });
    expect(mine.body.data).toEqual([]);
    // Nothing was written.
    const owner = await call(t.app, {
      method: 'GET',
      url: `/api/v1/registrant/${r.id}`,
      token: r.parent.token,
    });
    expect((owner.body.data as { name: string | null }).name).toBeNull();
  });
});

describe('complete and submit', () => {
  it('refuses submit while required answers are missing, then submits and locks the form', async () => {
    const r = await newRegistrant(t);
    const token = r.parent.token;
    const refused = await call(t.app, { method: 'POST', url: `/api/v1/registrant/submit/${r.id}`, token });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^Masih ada \d+ isian wajib yang belum diisi\. Nama Lengkap/);
    expect(refused.body.missing).toContainEqual({ no: 1, label: 'Nama Lengkap' });
    expect(refused.body.errors?.['1']).toBe('Wajib diisi.');

    const answers = completeAnswers();
    expect((await save(token, r.id, answers)).status).toBe(200);
    const done = await call(t.app, { method: 'POST', url: `/api/v1/registrant/complete/${r.id}`, token });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ missing_count: 0 });
    expect(done.body.message).toContain('tombol Submit di halaman Beranda');

    const ok = await call(t.app, {
      method: 'POST',
      url: `/api/v1/registrant/submit/${r.id}`,
      token,
      payload: { generate_schedule: false },
    });
    expect(ok.status).toBe(200);
    // Proof of submission: a reference on screen at once, and the same in the parent's message (outbox).
    const receipt = ok.body.receipt as { reference: string; registration_number: string };
    expect(receipt.registration_number).toBe(r.registrationNumber);
    expect(receipt.reference).toMatch(new RegExp(`^BKT-${r.registrationNumber}-\\d{12}$`));
    const sent = await t.ownerPool.query<{ body: string }>(
      "SELECT body FROM notifications WHERE template = 'registrant_submitted' AND data->>'registrant_id' = $1",
      [String(r.id)],
    );
    expect(sent.rows).toHaveLength(1);
    expect(sent.rows[0]!.body).toContain(receipt.reference);
    const got = registrantResponseSchema.parse(
      (await call(t.app, { method: 'GET', url: `/api/v1/registrant/${r.id}`, token })).body,
    ).data;
    expect(got).toMatchObject({
      is_submit: true,
      locked: true,
      status_label: 'Terkirim, menunggu verifikasi',
    });

    const locked = await save(token, r.id, { '2': 'Budi' });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toMatch(/^Formulir sudah dikunci/);
    expect(
      (await call(t.app, { method: 'POST', url: `/api/v1/registrant/submit/${r.id}`, token })).status,
    ).toBe(409);

    // Staff reopen it (a teacher lacks Calon Murid update).
    const teacher = await tokenFor(t.app, 'guru@demo.sch.id', 'admin');
    const url = `/api/v1/registrant/open_form/${r.id}`;
    const payload = { reason: 'Tanggal lahir salah' };
    expect((await call(t.app, { method: 'PUT', url, token: teacher, payload })).status).toBe(403);
    expect((await call(t.app, { method: 'PUT', url, token, payload })).status).toBe(403);
    const admin = await tokenFor(t.app, 'superadmin@demo.sch.id', 'admin');
    expect((await call(t.app, { method: 'PUT', url, token: admin, payload })).status).toBe(200);
    expect((await save(token, r.id, { '2': 'Budi' })).status).toBe(200);
  });
});

describe('public status check by registration number and birth date', () => {
  const check = (registration_number: string, birth_date: string, remoteAddress?: string) =>
    t.app
      .inject({
        method: 'POST',
        url: '/api/v1/public/registrant/status',
        payload: { registration_number, birth_date },
        remoteAddress,
      })
      .then((res) => ({ status: res.statusCode, body: res.json() }));

  it('answers the masked name and the status only when number and birth date both match', async () => {
    const r = await newRegistrant(t);
    await save(r.parent.token, r.id, { '1': 'Dewi Lestari', '4': '2019-05-17', '9': '+6281111111111' });
    const number = (r.body.data as { registration_number: string }).registration_number;
    const res = await check(number.toLowerCase(), '2019-05-17');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: { registration_number: number, name: 'De*** Le***', status: 'Sedang mengisi formulir' },
    });
    // A wrong date and an unknown number get the same answer: neither says which part was wrong.
    const wrongDate = await check(number, '2019-05-18');
    const wrongNumber = await check('PSB-1999-SD-99999', '2019-05-17');
    expect(wrongDate).toEqual(wrongNumber);
    expect(wrongDate.status).toBe(404);
    expect(wrongDate.body.message).toBe(REGISTRANT_MSG.statusNoMatch);
    // The old lookup by number alone answers nothing about the child: it asks for the birth date.
    const old = await call(t.app, {
      method: 'GET',
      url: `/api/v1/public/registrant/registration_number/${number}`,
    });
    expect(old.status).toBe(400);
    expect(old.body.data).toBeUndefined();
    const bad = await check(number, '17/05/2019');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.birth_date).toBe('Tanggal lahir tidak valid (dd/mm/yyyy).');
  });

  it('is rate-limited per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++)
      statuses.push((await check('PSB-1999-SD-00001', '2019-01-01', '10.250.1.1')).status);
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

it('uses the seeded demo data: the demo parent has a registrant in progress', async () => {
  await openPeriod(t); // runs the parent-journey seed
  const token = await tokenFor(t.app, 'orangtua@demo.sch.id', 'user', PASSWORD);
  const res = await call(t.app, { method: 'GET', url: '/api/v1/registrants', token });
  expect(res.status).toBe(200);
  const list = registrantListResponseSchema.parse(res.body).data;
  expect(list[0]).toMatchObject({ name: 'Ananda Putri Santoso', school_name: 'SD Harapan Bangsa' });
  expect(list[0]!.missing_count).toBeGreaterThan(0);
  expect(QUESTIONS.length).toBeGreaterThan(50);
});
