/**
 * Staff tools through HTTP against PostgreSQL: possible duplicates (list flag, comparison), the payment-status
 * filter of the list and the photos zip (answers edited by staff: answer-edit.test.ts).
 */
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { appPerFile } from '../../../../test/app-per-file';
import { postPhoto, testImage } from '../../../../test/file-form';
import { api, call } from '../../../../test/helpers';
import { newParent, newVoucher, openPeriod, redeem, setIdentity } from '../../../../test/parent-journey';
import { flags } from '../../../../test/staff';
import { createTenant } from '../../../db/seed';

const t = appPerFile();
type Period = Awaited<ReturnType<typeof openPeriod>>;
type Row = { id: number; possible_duplicate_count: number; registration_number: string };

/** One more registrant in the given period, of a new parent or of `parent` (a sibling). */
async function registrantIn(p: Period, parent?: { token: string }) {
  const who = parent ?? (await newParent(t));
  const res = await redeem(t, who.token, {
    token: await newVoucher(t),
    school_id: p.schoolId,
    school_period_id: p.periodId,
    mst_class_id: p.classId,
  });
  expect(res.status).toBe(201);
  return { id: (res.body.data as { id: number }).id, parent: who };
}

async function listed(token: string, query: string): Promise<Row[]> {
  const res = await call(t.app, { method: 'GET', url: api(`/registrants/admin?limit=100&${query}`), token });
  expect(res.status).toBe(200);
  return res.body.data as Row[];
}
const countOf = (rows: Row[], id: number) => rows.find((r) => r.id === id)?.possible_duplicate_count;

/** A copy of a registrant (and what it references) in another tenant, same name and birth date. */
async function copyToOtherTenant(registrantId: number) {
  const b = await createTenant(t.ownerPool, { slug: 'yayasan-lain', name: 'Yayasan Lain' });
  const copy = async (
    table: string,
    where: string,
    args: readonly unknown[],
    patch: Record<string, unknown>,
  ) => {
    const cols = (
      await t.ownerPool.query(
        `SELECT column_name FROM information_schema.columns
         WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER'`,
        [table],
      )
    ).rows.map((r) => `"${r.column_name}"`);
    await t.ownerPool.query(
      `INSERT INTO ${table} (${cols.join(', ')})
       SELECT ${cols.join(', ')} FROM jsonb_populate_record(null::${table},
         (SELECT to_jsonb(x) FROM ${table} x WHERE ${where}) || $1::jsonb)`,
      [JSON.stringify({ tenant_id: b, ...patch }), ...args],
    );
  };
  const r = (await t.ownerPool.query('SELECT * FROM registrants WHERE id = $1', [registrantId])).rows[0];
  const k = (
    await t.ownerPool.query('SELECT mst_grade_id FROM mst_classes WHERE tenant_id = $1 AND id = $2', [
      r.tenant_id,
      r.mst_class_id,
    ])
  ).rows[0];
  const role = (await t.ownerPool.query("SELECT id FROM roles WHERE tenant_id = $1 AND name = 'user'", [b]))
    .rows[0];
  const of = (id: number) => ['tenant_id = $2 AND id = $3', [r.tenant_id, id]] as const;
  await copy('schools', ...of(r.school_id), { school_location_id: null });
  await copy('school_years', ...of(r.school_year_id), {});
  await copy('mst_grades', ...of(k.mst_grade_id), {});
  await copy('mst_classes', ...of(r.mst_class_id), {});
  await copy('school_periods', ...of(r.school_period_id), {});
  await copy('users', ...of(r.user_id), { role_id: role.id });
  await copy('registrants', ...of(r.id), { token_id: null });
  const n = await t.ownerPool.query('SELECT count(*)::int AS n FROM registrants WHERE duplicate_key = $1', [
    r.duplicate_key,
  ]);
  return n.rows[0].n as number;
}

describe('possible duplicates', () => {
  it('flags the same normalised name + birth date, within the tenant and scope', async () => {
    const p = await openPeriod(t);
    const a = await registrantIn(p);
    const b = await registrantIn(p);
    const sameNameOtherBirth = await registrantIn(p);
    const sibling = await registrantIn(p, sameNameOtherBirth.parent);
    const alone = await registrantIn(p);
    await setIdentity(t, a.id, "Siti Nur'aini", '2018-05-04');
    await setIdentity(t, b.id, '  SÎTI   nur’AINI. ', '2018-05-04');
    await setIdentity(t, sameNameOtherBirth.id, 'Siti Nuraini', '2018-05-05');
    await setIdentity(t, sibling.id, 'Ahmad Fauzi', '2016-01-02');
    await setIdentity(t, alone.id, 'Budi Santoso', '2018-05-04');

    // The same child in another foundation is not this tenant's duplicate.
    expect(await copyToOtherTenant(a.id)).toBe(3);

    let rows = await listed(t.admin, `school_period_id=${p.periodId}`);
    expect(rows.map((r) => [r.id, r.possible_duplicate_count]).sort((x, y) => x[0]! - y[0]!)).toEqual(
      [
        [a.id, 1],
        [b.id, 1],
        // Siblings of one account, told apart by name and birth date.
        [sameNameOtherBirth.id, 0],
        [sibling.id, 0],
        [alone.id, 0],
      ].sort((x, y) => x[0]! - y[0]!),
    );

    // Another school of the tenant holds a third look-alike: counted for staff of every school, not for
    // staff limited to the first school (row-level security narrows the count like any read).
    const smp = await openPeriod(t, { level: 'SMP' });
    const c = await registrantIn(smp);
    await setIdentity(t, c.id, 'siti nuraini', '2018-05-04');
    rows = await listed(t.admin, `school_period_id=${p.periodId}`);
    expect(countOf(rows, a.id)).toBe(2);
    const sdOnly = await t.staff([flags('Calon Murid', 'read')], [p.schoolId]);
    rows = await listed(sdOnly, `school_period_id=${p.periodId}`);
    expect(countOf(rows, a.id)).toBe(1);

    // Archived registrants are not counted.
    await t.ownerPool.query('UPDATE registrants SET deleted_at = now() WHERE id = $1', [c.id]);
    expect(countOf(await listed(t.admin, `school_period_id=${p.periodId}`), a.id)).toBe(1);

    const cmp = await call(t.app, {
      method: 'GET',
      url: api(`/registrant/duplicates/${a.id}`),
      token: t.admin,
    });
    expect(cmp.status).toBe(200);
    const data = cmp.body.data as {
      registrant: Record<string, unknown>;
      duplicates: (Record<string, unknown> & { reasons: string[] })[];
    };
    expect(data.registrant).toMatchObject({ id: a.id, name: "Siti Nur'aini", birth_date: '2018-05-04' });
    expect(data.duplicates).toEqual([
      expect.objectContaining({
        id: b.id,
        name: '  SÎTI   nur’AINI. ',
        birth_date: '2018-05-04',
        reasons: ['name_birth_date'],
        school_period_name: expect.any(String),
        parent_name: 'Ibu Uji',
      }),
    ]);
    const sib = await call(t.app, {
      method: 'GET',
      url: api(`/registrant/duplicates/${sibling.id}`),
      token: t.admin,
    });
    expect((sib.body.data as typeof data).duplicates).toEqual([]);

    // Staff of the other school do not see the registrant at all.
    const smpOnly = await t.staff([flags('Calon Murid', 'read')], [smp.schoolId]);
    const hidden = await call(t.app, {
      method: 'GET',
      url: api(`/registrant/duplicates/${a.id}`),
      token: smpOnly,
    });
    expect(hidden.status).toBe(404);
  });

  it('does not flag siblings of one parent account whose name and birth date both differ', async () => {
    const p = await openPeriod(t);
    const first = await registrantIn(p);
    const sister = await registrantIn(p, first.parent);
    const retyped = await registrantIn(p, first.parent);
    const unfinished = await registrantIn(p, first.parent);
    await setIdentity(t, first.id, 'Rahmat Hidayat', '2016-03-01');
    await setIdentity(t, sister.id, 'Dewi Lestari', '2019-11-20');
    // The same child typed again by the same parent with another birth date: still a possible duplicate.
    await setIdentity(t, retyped.id, 'RAHMAT  hidayat', '2016-03-10');
    // `unfinished` has neither name nor birth date yet: nothing tells it apart from its siblings.

    const rows = await listed(t.admin, `school_period_id=${p.periodId}`);
    expect(countOf(rows, sister.id)).toBe(1);
    expect(countOf(rows, first.id)).toBe(2);
    expect(countOf(rows, retyped.id)).toBe(2);
    expect(countOf(rows, unfinished.id)).toBe(3);

    const cmp = await call(t.app, {
      method: 'GET',
      url: api(`/registrant/duplicates/${sister.id}`),
      token: t.admin,
    });
    expect(cmp.status).toBe(200);
    expect(
      (cmp.body.data as { duplicates: { id: number; reasons: string[] }[] }).duplicates.map((d) => [
        d.id,
        d.reasons,
      ]),
    ).toEqual([[unfinished.id, ['parent']]]);
  });
});

describe('payment status filter', () => {
  it('returns exactly the registrants not billed, not fully paid and paid', async () => {
    const p = await openPeriod(t);
    const [none, draftOnly, open, partly, paid, paidAndCancelled] = [
      await registrantIn(p),
      await registrantIn(p),
      await registrantIn(p),
      await registrantIn(p),
      await registrantIn(p),
      await registrantIn(p),
    ];
    let typeNo = 0;
    const bill = async (id: number, state: string) => {
      typeNo += 1;
      const type = await t.ownerPool.query(
        'INSERT INTO mst_type_payments (tenant_id, name, code) VALUES ($1, $2, $2) RETURNING id',
        [p.tenant_id, `Biaya ${id}-${typeNo}`],
      );
      await t.ownerPool.query(
        `INSERT INTO registrant_header_payments
           (tenant_id, registrant_id, school_id, mst_type_payment_id, state, total_amount, paid_amount, paid_at)
         VALUES ($1, $2, $3, $4, $5, 100000, CASE WHEN $5 = 'paid' THEN 100000 WHEN $5 = 'partially_paid'
           THEN 40000 ELSE 0 END, CASE WHEN $5 = 'paid' THEN now() END)`,
        [p.tenant_id, id, p.schoolId, type.rows[0].id, state],
      );
    };
    await bill(draftOnly.id, 'draft');
    await bill(open.id, 'published');
    await bill(partly.id, 'paid');
    await bill(partly.id, 'partially_paid');
    await bill(paid.id, 'paid');
    await bill(paidAndCancelled.id, 'paid');
    await bill(paidAndCancelled.id, 'cancelled');

    const ids = async (status: string) =>
      (await listed(t.admin, `school_period_id=${p.periodId}&payment_status=${status}`))
        .map((r) => r.id)
        .sort((a, b) => a - b);
    const sorted = (...xs: { id: number }[]) => xs.map((x) => x.id).sort((a, b) => a - b);
    expect(await ids('unbilled')).toEqual(sorted(none, draftOnly));
    expect(await ids('unpaid')).toEqual(sorted(open, partly));
    expect(await ids('paid')).toEqual(sorted(paid, paidAndCancelled));

    const res = await call(t.app, {
      method: 'GET',
      url: api('/registrants/admin?payment_status=lunas'),
      token: t.admin,
    });
    expect([res.status, res.body.errors]).toEqual([
      400,
      { payment_status: 'Status pembayaran harus unbilled, unpaid atau paid.' },
    ]);
  });
});

describe('photos export', () => {
  async function uploadPhoto(id: number, token: string, colour: string) {
    const res = await postPhoto(t, id, token, await testImage('png', 30, 40, colour));
    expect(res.status).toBe(200);
  }

  it('zips the filtered registrants’ photos as "<number> - <name>.<ext>" under the fixed file name', async () => {
    const p = await openPeriod(t);
    const a = await registrantIn(p);
    const b = await registrantIn(p);
    const noPhoto = await registrantIn(p);
    await setIdentity(t, a.id, 'Ani / Putri', '2018-02-02');
    await setIdentity(t, b.id, 'Bima Sakti', '2018-03-03');
    await setIdentity(t, noPhoto.id, 'Citra', '2018-04-04');
    await uploadPhoto(a.id, a.parent.token, '#c33');
    await uploadPhoto(b.id, b.parent.token, '#3c3');
    const rows = (
      await t.ownerPool.query('SELECT id, registration_number FROM registrants WHERE id = ANY($1)', [
        [a.id, b.id],
      ])
    ).rows;
    const numbers: Record<number, string> = Object.fromEntries(
      rows.map((r) => [r.id, r.registration_number]),
    );

    const res = await t.app.inject({
      method: 'GET',
      url: api(`/registrants/export/photo/admin?school_period_id=${p.periodId}`),
      headers: { authorization: `Bearer ${t.admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('filename="Foto Calon Murid.zip"');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual(
      [`${numbers[a.id]} - Ani _ Putri.png`, `${numbers[b.id]} - Bima Sakti.png`].sort(),
    );
    const first = files[`${numbers[a.id]} - Ani _ Putri.png`]!;
    const pixel = await sharp(Buffer.from(first)).raw().toBuffer();
    expect([pixel[0], pixel[1], pixel[2]]).toEqual([0xcc, 0x33, 0x33]);

    // The list's filters apply: searching one registration number gives one photo.
    const one = await t.app.inject({
      method: 'GET',
      url: api(`/registrants/export/photo/admin?school_period_id=${p.periodId}&search=${numbers[b.id]}`),
      headers: { authorization: `Bearer ${t.admin}` },
    });
    expect(Object.keys(unzipSync(new Uint8Array(one.rawPayload)))).toEqual([
      `${numbers[b.id]} - Bima Sakti.png`,
    ]);

    const noRead = await t.staff([flags('Dashboard', 'read')]);
    const refused = await call(t.app, {
      method: 'GET',
      url: api('/registrants/export/photo/admin'),
      token: noRead,
    });
    expect(refused.status).toBe(403);
  });
});
