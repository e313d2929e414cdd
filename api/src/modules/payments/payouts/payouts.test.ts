import { api, call, testHasher } from '../../../../test/helpers';
import { flags } from '../../../../test/staff';
import { createTenant } from '../../../db/seed';
import { irisSignature } from '../../../integrations/midtrans/signature';
import { appWithProvider } from '../test-fixtures';
import { idempotencyKey } from './service';
import { resendCreatingPayouts } from './sweep';

jest.setTimeout(120_000);

let maker: string;
const today = () => new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
const payout = {
  beneficiary_name: 'Koperasi Sekolah',
  beneficiary_bank: 'bca',
  beneficiary_account: '1234567890',
  amount: 2_500_000,
  notes: 'Pengembalian kelebihan bayar',
};
type Row = { id: number; status: string; reference_no: string | null; reject_reason: string | null };

const { t, sim } = appWithProvider();
beforeAll(async () => {
  maker = await t.staff([flags('Rekonsiliasi', 'read', 'insert', 'update')]);
});

const create = (token = maker, body: Record<string, unknown> = payout) =>
  call(t.app, { method: 'POST', url: api('/us/midtrans_payout'), token, payload: body });
const decide = (id: number, action: 'approve' | 'reject', token = t.admin, body?: unknown) =>
  call(t.app, {
    method: 'POST',
    url: api(`/us/midtrans_payout/${id}/${action}`),
    token,
    ...(body ? { payload: body } : {}),
  });
const list = async (token = t.admin, headers: Record<string, string> = {}) => {
  const res = await call(t.app, {
    method: 'GET',
    url: api(`/us/midtrans_payout?date_from=${today()}&date_to=${today()}`),
    token,
    headers,
  });
  expect(res.status).toBe(200);
  return res.body.data as Row[];
};
const inList = async (id: number) => (await list()).find((r) => r.id === id)!;
const atIris = async (ref: string) =>
  (
    await t.ownerPool.query<{ status: string }>(
      'SELECT status FROM midtrans_simulator_payouts WHERE reference_no = $1',
      [ref],
    )
  ).rows[0]?.status;
const audits = async (id: number) =>
  (
    await t.ownerPool.query<{ action: string; user_id: number | null }>(
      "SELECT action, user_id FROM audit_log WHERE resource = 'payouts' AND record_id = $1 ORDER BY id",
      [id],
    )
  ).rows.map((r) => r.action);
const notify = (body: Record<string, unknown>, key = sim.irisMerchantKey) => {
  const raw = JSON.stringify(body);
  return call(t.app, {
    method: 'POST',
    url: api('/us/iris_notification'),
    headers: { 'content-type': 'application/json', 'iris-signature': irisSignature(raw, key) },
    payload: raw,
  });
};

async function queued() {
  const res = await create();
  expect(res.status).toBe(201);
  const row = res.body.data as Row;
  expect(row).toMatchObject({ status: 'queued', reference_no: expect.any(String) });
  return row as Row & { reference_no: string };
}

it('is created by one staff member, approved by another, and completes as the bank processes it', async () => {
  const p = await queued();
  expect(await atIris(p.reference_no)).toBe('queued');
  expect(await inList(p.id)).toMatchObject({ status: 'queued', amount: 2_500_000, notes: payout.notes });

  const approved = await decide(p.id, 'approve');
  expect(approved.status).toBe(200);
  expect(approved.body.data).toMatchObject({ status: 'approved', decided_by_name: expect.any(String) });
  await sim.idle();

  expect(await atIris(p.reference_no)).toBe('completed');
  expect((await inList(p.id)).status).toBe('completed');
  const actions = await audits(p.id);
  expect(actions.slice(0, 3)).toEqual(['payout_create', 'payout_queued', 'payout_approve']);
  // processed and completed may overtake each other; a late processed changes (and audits) nothing.
  expect(actions.slice(3)).toContain('payout_status');
});

it('refuses the creator approving or rejecting their own payout (four eyes)', async () => {
  const p = await queued();
  const own = await decide(p.id, 'approve', maker);
  expect(own.status).toBe(403);
  expect(own.body.message).toMatch(/staf lain/);
  const ownReject = await decide(p.id, 'reject', maker, { reason: 'Batal saja' });
  expect(ownReject.status).toBe(403);
  expect(await atIris(p.reference_no)).toBe('queued');
  expect((await inList(p.id)).status).toBe('queued');
});

it('is rejected with a reason, and then can no longer be approved', async () => {
  const p = await queued();
  const noReason = await decide(p.id, 'reject', t.admin, { reason: '' });
  expect(noReason.status).toBe(400);
  const rejected = await decide(p.id, 'reject', t.admin, { reason: 'Rekening tujuan salah' });
  expect(rejected.status).toBe(200);
  await sim.idle();
  expect(await atIris(p.reference_no)).toBe('rejected');
  expect(await inList(p.id)).toMatchObject({ status: 'rejected', reject_reason: 'Rekening tujuan salah' });
  const late = await decide(p.id, 'approve');
  expect(late.status).toBe(409);
  expect(late.body.message).toMatch(/Ditolak/);
  expect(await audits(p.id)).toContain('payout_reject');
});

it('needs a role without a school limit: the foundation’s money is not one school’s', async () => {
  const p = await queued();
  const sd = (
    await t.ownerPool.query<{ id: number }>("SELECT id FROM schools WHERE level = 'SD' ORDER BY id LIMIT 1")
  ).rows[0]!.id;
  const limited = await t.staff([flags('Rekonsiliasi', 'read', 'insert', 'update')], [sd]);
  for (const res of [
    await decide(p.id, 'approve', limited),
    await decide(p.id, 'reject', limited, { reason: 'Bukan wewenang' }),
    await create(limited),
  ]) {
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/semua sekolah/);
  }
  expect(await atIris(p.reference_no)).toBe('queued');
  expect((await inList(p.id)).status).toBe('queued');
});

it('gives two approvals at once one success', async () => {
  const p = await queued();
  const other = await t.staff([flags('Rekonsiliasi', 'read', 'update')]);
  const both = await Promise.all([decide(p.id, 'approve'), decide(p.id, 'approve', other)]);
  expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
  await sim.idle();
});

describe('Iris notifications', () => {
  it('refuses a forged signature and changes nothing', async () => {
    const p = await queued();
    const body = {
      reference_no: p.reference_no,
      amount: '2500000.00',
      status: 'completed',
      updated_at: new Date().toISOString(),
    };
    const forged = await notify(body, 'not-the-merchant-key');
    expect(forged.status).toBe(403);
    const tampered = await call(t.app, {
      method: 'POST',
      url: api('/us/iris_notification'),
      headers: {
        'content-type': 'application/json',
        'iris-signature': irisSignature(JSON.stringify({ ...body, status: 'queued' }), sim.irisMerchantKey),
      },
      payload: JSON.stringify(body),
    });
    expect(tampered.status).toBe(403);
    expect((await inList(p.id)).status).toBe('queued');
  });

  it('applies a status once, ignores late ones, and lets a completed payout still fail', async () => {
    const p = await queued();
    const at = (status: string) => ({
      reference_no: p.reference_no,
      amount: '2500000.00',
      status,
      updated_at: new Date().toISOString(),
    });
    expect((await notify(at('completed'))).body.outcome).toBe('applied');
    expect((await notify(at('completed'))).body.outcome).toBe('duplicate');
    expect((await notify(at('processed'))).body.outcome).toBe('stale');
    expect((await notify(at('approved'))).body.outcome).toBe('stale');
    expect((await inList(p.id)).status).toBe('completed');
    const failed = await notify({ ...at('failed'), error_code: '002', error_message: 'Rekening ditutup' });
    expect(failed.body.outcome).toBe('applied');
    expect(await inList(p.id)).toMatchObject({ status: 'failed', error_message: 'Rekening ditutup' });
    expect((await notify(at('completed'))).body.outcome).toBe('stale');
    expect((await audits(p.id)).filter((a) => a === 'payout_status')).toHaveLength(2);
  });

  it('answers 200 for a payout that is not ours, so Iris does not retry', async () => {
    const res = await notify({ reference_no: 'unknown-ref', amount: '1.00', status: 'completed' });
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe('not_ours');
  });
});

it('sends the same idempotency key again and gets the first answer back from Iris', async () => {
  const gw = t.app.ctx.payments;
  const req = [
    {
      beneficiaryName: 'A',
      beneficiaryAccount: '123456',
      beneficiaryBank: 'bni',
      amount: 50_000,
      notes: 'x',
    },
  ];
  const first = await gw.createPayouts!(req, 'psb-payout-test-1');
  const again = await gw.createPayouts!(req, 'psb-payout-test-1');
  expect(again[0]!.referenceNo).toBe(first[0]!.referenceNo);
});

it('heals payouts left creating by a crash: Iris keeps the one it made, the other is made once', async () => {
  const { rows } = await t.ownerPool.query<{ id: number; tenant_id: number }>(
    `INSERT INTO payouts (tenant_id, beneficiary_name, beneficiary_bank, beneficiary_account, amount, notes, created_by, created_at)
     SELECT u.tenant_id, 'Toko Buku ' || n, 'bri', '99887766', 300000, 'Buku paket', u.id, now() - interval '10 minutes'
     FROM users u, generate_series(1, 2) n WHERE u.email = 'superadmin@demo.sch.id' RETURNING id, tenant_id`,
  );
  const [reached, lost] = rows as [{ id: number; tenant_id: number }, { id: number; tenant_id: number }];
  // The first reached Iris before the crash; its answer was never recorded.
  const [made] = await t.app.ctx.payments.createPayouts!(
    [
      {
        beneficiaryName: 'Toko Buku 1',
        beneficiaryAccount: '99887766',
        beneficiaryBank: 'bri',
        amount: 300_000,
        notes: 'Buku paket',
      },
    ],
    idempotencyKey(reached.tenant_id, reached.id),
  );
  const deps = { pool: t.pool, gateway: t.app.ctx.payments };
  expect(await resendCreatingPayouts(deps, reached.tenant_id, 120)).toBe(2);
  expect(await inList(reached.id)).toMatchObject({ status: 'queued', reference_no: made!.referenceNo });
  expect(await inList(lost.id)).toMatchObject({ status: 'queued', reference_no: expect.any(String) });
  const atSim = await t.ownerPool.query(
    'SELECT 1 FROM midtrans_simulator_payouts WHERE idempotency_key LIKE $1 OR idempotency_key LIKE $2',
    [`${idempotencyKey(reached.tenant_id, reached.id)}#%`, `${idempotencyKey(lost.tenant_id, lost.id)}#%`],
  );
  expect(atSim.rowCount).toBe(2);
  expect(await resendCreatingPayouts(deps, reached.tenant_id, 120)).toBe(0);
});

it('checks input, the Rekonsiliasi module flags and the tenant', async () => {
  const long = await create(maker, { ...payout, notes: 'x'.repeat(101) });
  expect(long.status).toBe(400);
  expect(JSON.stringify(long.body)).toMatch(/maksimal 100 karakter/);
  const letters = await create(maker, { ...payout, beneficiary_account: '12AB5678' });
  expect(letters.status).toBe(400);
  expect(JSON.stringify(letters.body)).toMatch(/digit/);

  const reader = await t.staff([flags('Rekonsiliasi', 'read')]);
  expect((await create(reader)).status).toBe(403);
  const p = await queued();
  expect((await decide(p.id, 'approve', reader)).status).toBe(403);
  const outsider = await t.staff([flags('Pembayaran', 'read', 'insert', 'update')]);
  expect(
    (
      await call(t.app, {
        method: 'GET',
        url: api(`/us/midtrans_payout?date_from=${today()}&date_to=${today()}`),
        token: outsider,
      })
    ).status,
  ).toBe(403);

  const tenantB = await createTenant(t.ownerPool, { slug: 'yayasanpayout', name: 'Yayasan Payout' });
  const client = await t.ownerPool.connect();
  try {
    await client.query("SELECT set_config('app.tenant_id', $1, false)", [String(tenantB)]);
    await client.query(
      `INSERT INTO users (tenant_id, name, email, password_hash, role_id)
       SELECT $1, 'Admin B', 'admin@payout-b.sch.id', $2, id FROM roles WHERE tenant_id = $1 AND name = 'superadmin'`,
      [tenantB, await testHasher.hash('rahasia1')],
    );
  } finally {
    client.release();
  }
  const h = { 'x-tenant': 'yayasanpayout' };
  const login = await call(t.app, {
    method: 'POST',
    url: api('/public/login'),
    payload: { username: 'admin@payout-b.sch.id', password: 'rahasia1', type: 'admin' },
    headers: h,
  });
  const tokenB = login.body.token as string;
  expect((await list(tokenB, h)).map((r) => r.id)).not.toContain(p.id);
  const cross = await call(t.app, {
    method: 'POST',
    url: api(`/us/midtrans_payout/${p.id}/approve`),
    token: tokenB,
    headers: h,
  });
  expect(cross.status).toBe(404);
  expect((await inList(p.id)).status).toBe('queued');
});
