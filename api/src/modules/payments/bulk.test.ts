import crypto from 'node:crypto';
import { api, call } from '../../../test/helpers';
import { finishedJob } from '../../../test/jobs';
import { completeAnswers, newParent, openPeriod, registrantIn } from '../../../test/parent-journey';
import { autoBill } from './bulk';
import { appWithProvider, paymentType } from './test-fixtures';

jest.setTimeout(120_000);

const { t } = appWithProvider({ withJobs: true, waitForInbox: true });

/** Three registrants of one new period. */
async function periodWithRegistrants() {
  const p = await openPeriod(t, { quota: 10 });
  const ids: number[] = [];
  for (let i = 0; i < 3; i++) ids.push((await registrantIn(t, p)).id);
  return { ...p, ids };
}

/** Starts a bulk job billing the period's registrants `cost` as drafts; its job id. */
async function draftsOfPeriod(p: { periodId: number }, typeId: number, cost: number) {
  const started = await call(t.app, {
    method: 'POST',
    url: api('/registrant_header_payments/bulk/generate'),
    token: t.admin,
    payload: {
      mst_type_payment_id: typeId,
      school_period_id: p.periodId,
      cost,
      request_key: crypto.randomUUID(),
    },
  });
  expect(started.status).toBe(202);
  return (started.body.data as { job_id: number }).job_id;
}

it('bills every registrant of a period as a job with progress, opens their VAs, and does it once per request key', async () => {
  const p = await periodWithRegistrants();
  const typeId = await paymentType(t, p.tenant_id);
  const body = {
    mst_type_payment_id: typeId,
    school_period_id: p.periodId,
    cost: 400_000,
    is_submit: true,
    generate_va: true,
    request_key: crypto.randomUUID(),
  };
  const started = await call(t.app, {
    method: 'POST',
    url: api('/registrant_header_payments/bulk/generate'),
    token: t.admin,
    payload: body,
  });
  expect(started.status).toBe(202);
  const { job_id, total } = started.body.data as { job_id: number; total: number };
  expect(total).toBe(3);
  const again = await call(t.app, {
    method: 'POST',
    url: api('/registrant_header_payments/bulk/generate'),
    token: t.admin,
    payload: body,
  });
  expect((again.body.data as { job_id: number }).job_id).toBe(job_id);
  expect(await finishedJob(t, job_id)).toMatchObject({ status: 'done', done: 3, failed: 0 });

  const list = await call(t.app, {
    method: 'GET',
    url: api(`/registrant_header_payments/admin?type=${typeId}&school_period_id=${p.periodId}`),
    token: t.admin,
  });
  expect(list.body.total).toBe(3);
  expect(
    (list.body.data as { state: string; total_amount: number }[]).every(
      (b) => b.state === 'published' && b.total_amount === 400_000,
    ),
  ).toBe(true);
  const { rows } = await t.ownerPool.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM payment_charges WHERE header_id IN (SELECT id FROM registrant_header_payments WHERE mst_type_payment_id = $1) AND status = 'pending' AND va_number IS NOT NULL",
    [typeId],
  );
  expect(rows[0]!.n).toBe(3);
});

it('publishes chosen drafts in the background', async () => {
  const p = await periodWithRegistrants();
  const typeId = await paymentType(t, p.tenant_id);
  await finishedJob(t, await draftsOfPeriod(p, typeId, 50_000));
  const drafts = await call(t.app, {
    method: 'GET',
    url: api(`/registrant_header_payments/admin?type=${typeId}&state=draft`),
    token: t.admin,
  });
  const ids = (drafts.body.data as { id: number }[]).map((b) => b.id);
  expect(ids).toHaveLength(3);
  const pub = await call(t.app, {
    method: 'POST',
    url: api('/registrant_header_payments/bulk/publish'),
    token: t.admin,
    payload: { ids },
  });
  expect(pub.status).toBe(202);
  expect(await finishedJob(t, (pub.body.data as { job_id: number }).job_id)).toMatchObject({
    status: 'done',
    done: 3,
    failed: 0,
  });
  const after = await call(t.app, {
    method: 'GET',
    url: api(`/registrant_header_payments/admin?type=${typeId}`),
    token: t.admin,
  });
  expect(after.body.counts).toEqual({ published: 3 });
});

/** A component of the type with an amount for the period (one class, or every class when classId is null). */
async function setupLine(
  tenantId: number,
  typeId: number,
  periodId: number,
  classId: number | null,
  amount: number,
) {
  await t.ownerPool.query(
    `WITH p AS (INSERT INTO mst_payments (tenant_id, name, mst_type_payment_id) VALUES ($1, 'Komponen ' || $5::bigint, $2) RETURNING id)
     INSERT INTO setup_payments (tenant_id, school_period_id, mst_class_id, mst_payment_id, amount)
     SELECT $1, $3, $4::int, p.id, $5::bigint FROM p`,
    [tenantId, typeId, periodId, classId, amount],
  );
}

it('bills submitted registrants of a period whose payment setting says so, once', async () => {
  const p = await periodWithRegistrants();
  const typeId = await paymentType(t, p.tenant_id);
  await setupLine(p.tenant_id, typeId, p.periodId, null, 125_000);
  await t.ownerPool.query(
    'INSERT INTO school_payments (tenant_id, school_period_id, mst_type_payment_id, generate_after_registration) VALUES ($1, $2, $3, true)',
    [p.tenant_id, p.periodId, typeId],
  );
  // Two of the three have submitted their form.
  await t.ownerPool.query(
    "UPDATE registrants SET status = 'submitted', is_submit = true, locked = true, submitted_at = now() WHERE id = ANY($1)",
    [p.ids.slice(0, 2)],
  );
  expect(await autoBill(t.app, p.tenant_id)).toBe(2);
  expect(await autoBill(t.app, p.tenant_id)).toBe(0);
  const list = await call(t.app, {
    method: 'GET',
    url: api(`/registrant_header_payments/admin?type=${typeId}`),
    token: t.admin,
  });
  expect(list.body.counts).toEqual({ published: 2 });
  expect((list.body.data as { total_amount: number }[]).map((b) => b.total_amount)).toEqual([
    125_000, 125_000,
  ]);
});

it("makes a moved registrant's unpaid bill again from the new class's setup", async () => {
  const p = await periodWithRegistrants();
  const typeId = await paymentType(t, p.tenant_id);
  const { rows } = await t.ownerPool.query<{ id: number }>(
    `SELECT k.id FROM mst_classes k JOIN mst_grades g ON g.tenant_id = k.tenant_id AND g.id = k.mst_grade_id
     WHERE g.school_id = $1 AND k.id <> $2 ORDER BY k.id LIMIT 1`,
    [p.schoolId, p.classId],
  );
  const otherClass = rows[0]!.id;
  await setupLine(p.tenant_id, typeId, p.periodId, p.classId, 500_000);
  await setupLine(p.tenant_id, typeId, p.periodId, otherClass, 650_000);
  const id = p.ids[0]!;
  const first = await call(t.app, {
    method: 'POST',
    url: api(`/registrant/payment/${id}`),
    token: t.admin,
    payload: { mst_type_payment_id: typeId, is_submit: true },
  });
  expect((first.body.data as { total_amount: number }).total_amount).toBe(500_000);
  await t.ownerPool.query('UPDATE registrants SET mst_class_id = $2 WHERE id = $1', [id, otherClass]);
  const moved = await call(t.app, {
    method: 'POST',
    url: api(`/registrant/mutation_payment/${id}`),
    token: t.admin,
  });
  expect(moved.status).toBe(200);
  const [made] = (moved.body.data as { made: number[] }).made;
  const bill = await call(t.app, {
    method: 'GET',
    url: api(`/registrant_header_payment/${made}`),
    token: t.admin,
  });
  expect(bill.body.data).toMatchObject({ state: 'published', total_amount: 650_000 });
  const old = await call(t.app, {
    method: 'GET',
    url: api(`/registrant_header_payments/history/${(first.body.data as { id: number }).id}`),
    token: t.admin,
  });
  expect(old.status).toBe(404);
});

it("bills a period from its setup in one go: each bill's lines, installments and history as when billed alone", async () => {
  const p = await periodWithRegistrants();
  const typeId = await paymentType(t, p.tenant_id);
  await setupLine(p.tenant_id, typeId, p.periodId, null, 100_000);
  await setupLine(p.tenant_id, typeId, p.periodId, p.classId, 201_000);
  const started = await call(t.app, {
    method: 'POST',
    url: api('/registrant_header_payments/bulk/generate'),
    token: t.admin,
    payload: {
      mst_type_payment_id: typeId,
      school_period_id: p.periodId,
      keringanan: 1_000,
      is_generate_cicilan: true,
      cicilan_count: 2,
      is_submit: true,
      request_key: crypto.randomUUID(),
    },
  });
  const { job_id } = started.body.data as { job_id: number };
  expect(await finishedJob(t, job_id)).toMatchObject({ status: 'done', done: 3, failed: 0 });
  const { rows: bills } = await t.ownerPool.query<{
    total: number;
    lines: number[];
    parts: number[];
    history: string[];
  }>(
    `SELECT h.total_amount::int AS total,
       (SELECT array_agg(d.amount::int ORDER BY d.amount) FROM registrant_detail_payments d WHERE d.header_id = h.id) AS lines,
       (SELECT array_agg(i.amount::int ORDER BY i.seq) FROM registrant_installment_payments i WHERE i.header_id = h.id) AS parts,
       (SELECT array_agg(ph.action || ':' || ph.to_state ORDER BY ph.id) FROM payment_history ph WHERE ph.header_id = h.id) AS history
     FROM registrant_header_payments h WHERE h.mst_type_payment_id = $1 AND h.registrant_id = ANY($2) ORDER BY h.id`,
    [typeId, p.ids],
  );
  expect(bills).toEqual(
    p.ids.map(() => ({
      total: 300_000,
      lines: [100_000, 201_000],
      parts: [150_000, 150_000],
      history: ['created:draft', 'published:published'],
    })),
  );
  // Asked again (another request): everyone already has their bill, nobody is billed twice.
  const again = await call(t.app, {
    method: 'POST',
    url: api('/registrant_header_payments/bulk/generate'),
    token: t.admin,
    payload: { mst_type_payment_id: typeId, school_period_id: p.periodId, request_key: crypto.randomUUID() },
  });
  expect((again.body.data as { total: number }).total).toBe(0);
  const { rows: count } = await t.ownerPool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM registrant_header_payments WHERE mst_type_payment_id = $1',
    [typeId],
  );
  expect(count[0]!.n).toBe(3);
});

it('serves a bulk job of the bills screen to staff with the payments module until it ends; unknown jobs and parents refused', async () => {
  const p = await periodWithRegistrants();
  const job_id = await draftsOfPeriod(p, await paymentType(t, p.tenant_id), 150_000);
  let job = { status: 'queued', done: 0 } as { status: string; done: number; kind?: string };
  for (let i = 0; i < 300 && (job.status === 'queued' || job.status === 'running'); i++) {
    const res = await call(t.app, {
      method: 'GET',
      url: api(`/registrant_header_payments/bulk/${job_id}`),
      token: t.admin,
    });
    expect(res.status).toBe(200);
    job = res.body.data as typeof job;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(job).toMatchObject({ status: 'done', done: 3, kind: 'payments.generate' });

  const missing = await call(t.app, {
    method: 'GET',
    url: api(`/registrant_header_payments/bulk/${job_id + 1000}`),
    token: t.admin,
  });
  expect(missing.status).toBe(404);
  expect(missing.body.message).toBe('Proses tagihan massal tidak ditemukan.');

  const parent = await newParent(t);
  const refused = await call(t.app, {
    method: 'GET',
    url: api(`/registrant_header_payments/bulk/${job_id}`),
    token: parent.token,
  });
  expect(refused.status).toBe(403);
});

it("gives the parent the period's form-fee bill with the answer to the form's submission", async () => {
  const p = await openPeriod(t, { quota: 10 });
  const typeId = await paymentType(t, p.tenant_id);
  await setupLine(p.tenant_id, typeId, p.periodId, null, 150_000);
  await t.ownerPool.query(
    'INSERT INTO school_payments (tenant_id, school_period_id, mst_type_payment_id, generate_after_registration) VALUES ($1, $2, $3, true)',
    [p.tenant_id, p.periodId, typeId],
  );
  const r = await registrantIn(t, p);
  const token = r.parent.token;
  const saved = await call(t.app, {
    method: 'POST',
    url: api('/registrant_answer'),
    token,
    payload: { registrant_id: r.id, data: completeAnswers() },
  });
  expect(saved.status).toBe(200);
  const bills = async () =>
    (await call(t.app, { method: 'GET', url: api(`/registrant_payment/${r.id}`), token })).body.data as {
      mst_type_payment_id: number;
      total_amount: number;
      state: string;
    }[];
  expect(await bills()).toEqual([]);

  const submitted = await call(t.app, { method: 'POST', url: api(`/registrant/submit/${r.id}`), token });
  expect(submitted.status).toBe(200);
  // No sweep has run in between: the bill is there with the answer.
  expect(await bills()).toEqual([
    expect.objectContaining({ mst_type_payment_id: typeId, total_amount: 150_000, state: 'published' }),
  ]);
  expect(await autoBill(t.app, p.tenant_id)).toBe(0);
});
