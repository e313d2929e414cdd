import { api, call } from '../../../test/helpers';
import { flags } from '../../../test/staff';
import { inboxIdle } from './inbox-worker';
import { appWithProvider, billFixture } from './test-fixtures';

jest.setTimeout(120_000);

const { t, sim } = appWithProvider();
const today = () => new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
const report = (token = t.admin) =>
  call(t.app, { method: 'GET', url: api(`/us/rekonsiliasi?date_from=${today()}&date_to=${today()}`), token });
const bill = (id: number) =>
  call(t.app, { method: 'GET', url: api(`/registrant_header_payment/${id}`), token: t.admin });

async function paidVa(amount: number, paidAmount = amount) {
  const f = await billFixture(t, t.admin, { cost: amount, is_submit: true });
  const charge = await call(t.app, {
    method: 'POST',
    url: api(`/registrant_header_payments/generate_va/${f.billId}`),
    token: t.admin,
    payload: { channel: 'bri' },
  });
  const { order_id, va_number, gross_amount } = charge.body.data as {
    order_id: string;
    va_number: string;
    gross_amount: number;
  };
  await sim.idle();
  // The gross amount carries the channel's admin fee; a short payment is short by the same rupiah.
  await call(t.app, {
    method: 'POST',
    url: '/simulator/midtrans/pay',
    payload: { va_number, amount: gross_amount - (amount - paidAmount) },
  });
  await sim.idle();
  // The notification is applied by the inbox worker after it asks the provider for the status: let it finish, or
  // it would record the payment after a test has made it look lost.
  await inboxIdle(t.pool);
  return { ...f, orderId: order_id };
}

it('lists a payment the provider settled but we never recorded, and takes the provider at its word', async () => {
  const f = await paidVa(210_000);
  // Its settlement notification was lost: our record still says pending.
  await t.ownerPool.query(
    `UPDATE payment_charges SET status = 'pending', settled_at = NULL WHERE order_id = $1;
     UPDATE registrant_installment_payments SET paid_at = NULL, paid_via = NULL, paid_charge_id = NULL WHERE header_id = ${f.billId};
     UPDATE registrant_header_payments SET state = 'published', paid_amount = 0, paid_at = NULL WHERE id = ${f.billId};`.replace(
      '$1',
      `'${f.orderId}'`,
    ),
  );
  const before = await report();
  expect(before.status).toBe(200);
  expect(before.body.data).toContainEqual(
    expect.objectContaining({
      order_id: f.orderId,
      kind: 'paid_there_not_here',
      provider_status: 'settlement',
    }),
  );
  const fix = await call(t.app, {
    method: 'POST',
    url: api('/us/rekonsiliasi/resolve'),
    token: t.admin,
    payload: { order_id: f.orderId, action: 'apply_provider', reason: 'Mutasi rekening sudah dicek' },
  });
  expect(fix.status).toBe(200);
  const b = (await bill(f.billId)).body.data as {
    state: string;
    history: { action: string; reason: string | null }[];
  };
  expect(b.state).toBe('paid');
  expect(b.history).toContainEqual(
    expect.objectContaining({ action: 'reconciled', reason: 'Mutasi rekening sudah dicek' }),
  );
  expect((await report()).body.data).not.toContainEqual(expect.objectContaining({ order_id: f.orderId }));
});

it('lists a differing amount, and credits it only when staff say so, with the reason kept', async () => {
  const f = await paidVa(180_000, 170_000);
  expect((await report()).body.data).toContainEqual(
    expect.objectContaining({
      order_id: f.orderId,
      kind: 'amount_differs',
    }),
  );
  const fix = await call(t.app, {
    method: 'POST',
    url: api('/us/rekonsiliasi/resolve'),
    token: t.admin,
    payload: { order_id: f.orderId, action: 'credit_anyway', reason: 'Kekurangan dibayar tunai' },
  });
  expect(fix.status).toBe(200);
  const b = (await bill(f.billId)).body.data as { state: string; needs_review: string | null };
  expect(b).toMatchObject({ state: 'paid', needs_review: null });
  expect((await report()).body.data).not.toContainEqual(expect.objectContaining({ order_id: f.orderId }));
});

it('needs the Rekonsiliasi module, and refuses a reversed date range', async () => {
  const outsider = await t.staff([flags('Pembayaran', 'read')]);
  expect((await report(outsider)).status).toBe(403);
  const bad = await call(t.app, {
    method: 'GET',
    url: api('/us/rekonsiliasi?date_from=2026-12-02&date_to=2026-12-01'),
    token: t.admin,
  });
  expect(bad.status).toBe(400);
});

it('exports the mismatches as a spreadsheet', async () => {
  await paidVa(95_000, 90_000);
  const res = await t.app.inject({
    method: 'GET',
    url: api(`/us/rekonsiliasi/export?date_from=${today()}&date_to=${today()}`),
    headers: { authorization: `Bearer ${t.admin}` },
  });
  expect(res.statusCode).toBe(200);
  expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
});
