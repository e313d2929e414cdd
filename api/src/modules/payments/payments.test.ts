import { type BillView, billDetailResponseSchema } from '@psb/contracts/payments';
import { api, call } from '../../../test/helpers';
import { newParent } from '../../../test/parent-journey';
import { drainInbox, pruneInbox } from './inbox-worker';
import { reconcileTenant } from './notification';
import { appWithProvider, billFixture, notification, openedCharge, paidQuietly } from './test-fixtures';

jest.setTimeout(120_000);

const { t, sim, settled, pay, notify } = appWithProvider({ paymentWaitMs: 3000, waitForInbox: true });
const bill = (id: number) =>
  call(t.app, { method: 'GET', url: api(`/registrant_header_payment/${id}`), token: t.admin });
/** The bill as staff see it, parsed by the contract (its history included). */
const billDetail = async (id: number) => billDetailResponseSchema.parse((await bill(id)).body).data;
/** How many times the provider's payment was credited to the bill, and what it holds now. */
async function credits(id: number) {
  const b = await billDetail(id);
  return { ...b, credits: b.history.filter((h) => h.action === 'provider_payment').length };
}
/**
 * Runs `fn` while the database refuses every update of `table`'s rows for `orderId` with `message`, as a failure
 * inside the worker's transaction would.
 */
async function whileUpdatesRefused(table: string, orderId: string, message: string, fn: () => Promise<void>) {
  await t.ownerPool.query(`CREATE FUNCTION refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION '${message}'; END $$`);
  await t.ownerPool.query(
    `CREATE TRIGGER refuse_update BEFORE UPDATE ON ${table} FOR EACH ROW
     WHEN (NEW.order_id = '${orderId}') EXECUTE FUNCTION refuse_update()`,
  );
  try {
    await fn();
  } finally {
    await t.ownerPool.query(`DROP TRIGGER refuse_update ON ${table}`);
    await t.ownerPool.query('DROP FUNCTION refuse_update()');
  }
}

const chargedBill = (amount: number, channel = 'bni', extra: Record<string, unknown> = {}) =>
  openedCharge(t, settled, { cost: amount, ...extra }, channel);

describe('bills', () => {
  it('splits a bill into installments that sum to it, and refuses a schedule that does not', async () => {
    const f = await billFixture(t, t.admin, { cost: 1_000_001, is_generate_cicilan: true, cicilan_count: 3 });
    const b = await billDetail(f.billId);
    expect(b.installments).toHaveLength(3);
    expect(b.installments.reduce((s, i) => s + i.amount, 0)).toBe(1_000_001);
    const bad = await call(t.app, {
      method: 'PUT',
      url: api(`/registrant_installment_payment/${f.billId}`),
      token: t.admin,
      payload: {
        installments: [
          { amount: 500_000, due_date: '2027-01-10' },
          { amount: 400_000, due_date: '2027-02-10' },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Jumlah cicilan harus sama dengan total tagihan');
  });

  it('keeps drafts from the parent and shows the bill once published', async () => {
    const f = await billFixture(t, t.admin, { cost: 250_000 });
    const mine = () =>
      call(t.app, { method: 'GET', url: api(`/registrant_payment/${f.registrantId}`), token: f.parentToken });
    expect((await mine()).body.data).toEqual([]);
    const pub = await call(t.app, {
      method: 'POST',
      url: api(`/registrant_header_payments/publish/${f.billId}`),
      token: t.admin,
    });
    expect(pub.status).toBe(200);
    const after = await mine();
    expect(after.body.data).toMatchObject([{ id: f.billId, state: 'published', total_amount: 250_000 }]);
  });

  it("does not show a parent another parent's bill, nor let them open its charge", async () => {
    const f = await billFixture(t, t.admin, { cost: 100_000, is_submit: true });
    const other = await newParent(t);
    const read = await call(t.app, {
      method: 'GET',
      url: api(`/registrant_payment/${f.registrantId}`),
      token: other.token,
    });
    expect(read.status).toBe(404);
    const b = await billDetail(f.billId);
    const charge = await call(t.app, {
      method: 'POST',
      url: api(`/registrant_payment/${f.registrantId}/charge`),
      token: other.token,
      payload: { installment_id: b.installments[0]!.id, channel: 'bca' },
    });
    expect(charge.status).toBe(404);
  });

  it('refuses a second live bill of the same type for a registrant', async () => {
    const f = await billFixture(t, t.admin, { cost: 100_000 });
    const again = await call(t.app, {
      method: 'POST',
      url: api(`/registrant/payment/${f.registrantId}`),
      token: t.admin,
      payload: { mst_type_payment_id: f.typeId, cost: 100_000 },
    });
    expect(again.status).toBe(409);
  });
});

describe('charges and provider notifications', () => {
  it('takes the VA from the provider answer and settles the bill when the VA is paid', async () => {
    const f = await chargedBill(350_000, 'bni');
    expect(f.charge.va_number).toMatch(/^\d+$/);
    const paid = await pay({ va_number: f.charge.va_number });
    expect(paid.status).toBe(200);
    await settled();
    const b = await billDetail(f.billId);
    expect(b).toMatchObject({ state: 'paid', paid_amount: 350_000 });
    expect(b.history.map((h) => h.action)).toContain('provider_payment');
  });

  it('refuses a forged notification with 403 and changes nothing', async () => {
    const f = await chargedBill(120_000);
    const forged = notification(f.charge.order_id, 'settlement', f.charge.gross_amount, 'kunci-palsu');
    const res = await notify(forged);
    expect(res.status).toBe(403);
    await settled();
    expect((await billDetail(f.billId)).state).toBe('published');
    // Only the simulator's own pending notification is stored, not the forgery.
    const { rows } = await t.ownerPool.query(
      'SELECT transaction_status FROM payment_inbox WHERE order_id = $1',
      [f.charge.order_id],
    );
    expect(rows).toEqual([{ transaction_status: 'pending' }]);
  });

  it('credits a settlement delivered five times at once exactly once', async () => {
    const f = await chargedBill(200_000);
    await paidQuietly(t, f.charge.order_id);
    const body = notification(f.charge.order_id, 'settlement', f.charge.gross_amount, sim.serverKey);
    const answers = await Promise.all(Array.from({ length: 5 }, () => notify(body)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.body.outcome === 'received')).toHaveLength(1);
    await settled();
    expect(await credits(f.billId)).toMatchObject({ paid_amount: 200_000, credits: 1 });
  });

  it('credits once when the same settlement arrives under several transaction ids while two workers drain', async () => {
    const f = await chargedBill(210_000);
    await paidQuietly(t, f.charge.order_id);
    const deps = { pool: t.pool, gateway: t.app.ctx.payments, jobs: t.app.ctx.jobs };
    const retried = notification(f.charge.order_id, 'settlement', f.charge.gross_amount, sim.serverKey);
    const bodies = [
      ...Array.from({ length: 4 }, () => retried),
      ...Array.from({ length: 3 }, () =>
        notification(f.charge.order_id, 'settlement', f.charge.gross_amount, sim.serverKey),
      ),
    ];
    const [answers] = await Promise.all([
      Promise.all(bodies.map((b) => notify(b))),
      drainInbox(deps, f.tenantId),
      drainInbox(deps, f.tenantId),
    ]);
    expect(answers.map((a) => a.status)).toEqual(bodies.map(() => 200));
    await Promise.all([drainInbox(deps, f.tenantId), drainInbox(deps, f.tenantId)]);
    await settled();
    const { rows: stored } = await t.ownerPool.query<{ outcome: string | null }>(
      "SELECT outcome FROM payment_inbox WHERE order_id = $1 AND transaction_status = 'settlement' ORDER BY outcome",
      [f.charge.order_id],
    );
    // Four stored rows (the retried body collapsed into one), each applied exactly once.
    expect(stored).toEqual([
      { outcome: 'applied' },
      { outcome: 'duplicate' },
      { outcome: 'duplicate' },
      { outcome: 'duplicate' },
    ]);
    expect(await credits(f.billId)).toMatchObject({ paid_amount: 210_000, credits: 1 });
  });

  it('keeps a notification whose application failed in the inbox and credits it once on the retry', async () => {
    const f = await chargedBill(130_000);
    const orderId = f.charge.order_id;
    await paidQuietly(t, orderId);
    // The database refuses to change this one charge.
    await whileUpdatesRefused('payment_charges', orderId, 'gangguan uji', async () => {
      const res = await notify(notification(orderId, 'settlement', f.charge.gross_amount, sim.serverKey));
      expect(res.status).toBe(200);
      await settled();
      const { rows: waiting } = await t.ownerPool.query(
        "SELECT attempts, processed_at, last_error FROM payment_inbox WHERE order_id = $1 AND transaction_status = 'settlement'",
        [orderId],
      );
      expect(waiting).toEqual([{ attempts: 1, processed_at: null, last_error: 'gangguan uji' }]);
      expect((await bill(f.billId)).body.data).toMatchObject({ state: 'published', paid_amount: 0 });
    });
    const deps = { pool: t.pool, gateway: t.app.ctx.payments, jobs: t.app.ctx.jobs };
    // Not before its retry time…
    expect(await drainInbox(deps, f.tenantId)).toEqual({ processed: 0, failed: 0 });
    // …which has come.
    await t.ownerPool.query('UPDATE payment_inbox SET next_attempt_at = now() WHERE order_id = $1', [
      orderId,
    ]);
    expect(await drainInbox(deps, f.tenantId)).toEqual({ processed: 1, failed: 0 });
    expect(await drainInbox(deps, f.tenantId)).toEqual({ processed: 0, failed: 0 });
    expect(await credits(f.billId)).toMatchObject({ state: 'paid', paid_amount: 130_000, credits: 1 });
  });

  it('credits nothing and keeps the batch waiting when its transaction breaks after the credit, then credits once', async () => {
    const f = await chargedBill(140_000);
    const orderId = f.charge.order_id;
    await paidQuietly(t, orderId);
    // Marking the row processed fails: the worker's transaction breaks after the credit was written in it.
    const deps = { pool: t.pool, gateway: t.app.ctx.payments, jobs: t.app.ctx.jobs };
    await whileUpdatesRefused('payment_inbox', orderId, 'terputus', async () => {
      await notify(notification(orderId, 'settlement', f.charge.gross_amount, sim.serverKey));
      await settled();
      await expect(drainInbox(deps, f.tenantId)).rejects.toThrow('terputus');
      expect((await bill(f.billId)).body.data).toMatchObject({ state: 'published', paid_amount: 0 });
      const { rows } = await t.ownerPool.query(
        "SELECT attempts, processed_at FROM payment_inbox WHERE order_id = $1 AND transaction_status = 'settlement'",
        [orderId],
      );
      expect(rows).toEqual([{ attempts: 0, processed_at: null }]);
    });
    expect(await drainInbox(deps, f.tenantId)).toEqual({ processed: 1, failed: 0 });
    expect(await credits(f.billId)).toMatchObject({ paid_amount: 140_000, credits: 1 });
  });

  it('removes applied inbox rows after their keeping time, and a late redelivery then still credits nothing', async () => {
    const f = await chargedBill(160_000);
    await paidQuietly(t, f.charge.order_id);
    const body = notification(f.charge.order_id, 'settlement', f.charge.gross_amount, sim.serverKey);
    await notify(body);
    await settled();
    await t.ownerPool.query(
      "UPDATE payment_inbox SET processed_at = now() - interval '31 days' WHERE order_id = $1",
      [f.charge.order_id],
    );
    expect(await pruneInbox({ pool: t.pool }, f.tenantId)).toBeGreaterThanOrEqual(2);
    const { rows } = await t.ownerPool.query('SELECT id FROM payment_inbox WHERE order_id = $1', [
      f.charge.order_id,
    ]);
    expect(rows).toEqual([]);
    // The provider retrying that settlement much later: stored again, applied as a duplicate.
    const late = notification(f.charge.order_id, 'settlement', f.charge.gross_amount, sim.serverKey);
    expect((await notify(late)).body.outcome).toBe('received');
    await settled();
    expect(await credits(f.billId)).toMatchObject({ paid_amount: 160_000, credits: 1 });
  });

  it('tells the parent what was received on each installment, then that the bill is paid in full, once each', async () => {
    const f = await billFixture(t, t.admin, {
      cost: 300_000,
      is_submit: true,
      is_generate_cicilan: true,
      cicilan_count: 2,
    });
    const { rows: found } = await t.ownerPool.query<{ name: string | null; no: string; type: string }>(
      `SELECT r.name, r.registration_number AS no, tp.name AS type FROM registrants r, mst_type_payments tp
       WHERE r.id = $1 AND tp.id = $2`,
      [f.registrantId, f.typeId],
    );
    const { name, no, type } = found[0]!;
    const who = `${name ?? no} (no. pendaftaran ${no})`;
    const installments = (await billDetail(f.billId)).installments;
    expect(installments.map((i) => i.amount)).toEqual([150_000, 150_000]);
    for (const inst of installments) {
      const opened = await call(t.app, {
        method: 'POST',
        url: api(`/registrant_header_payments/generate_va/${f.billId}`),
        token: t.admin,
        payload: { installment_id: inst.id, channel: 'bni' },
      });
      expect(opened.status).toBe(200);
      const charge = opened.body.data as { order_id: string; gross_amount: number };
      await paidQuietly(t, charge.order_id);
      const body = notification(charge.order_id, 'settlement', charge.gross_amount, sim.serverKey);
      expect((await notify(body)).body.outcome).toBe('received');
      expect((await notify(body)).body.outcome).toBe('duplicate');
      await settled();
      const { rows: stored } = await t.ownerPool.query<{ outcome: string }>(
        "SELECT outcome FROM payment_inbox WHERE order_id = $1 AND transaction_status = 'settlement'",
        [charge.order_id],
      );
      expect(stored).toEqual([{ outcome: 'applied' }]);
    }
    await settled();
    const { rows } = await t.ownerPool.query<{ subject: string; body: string; data: unknown }>(
      "SELECT subject, body, data FROM notifications WHERE template = 'payment_paid' AND data->>'bill_id' = $1::text ORDER BY id",
      [f.billId],
    );
    expect(rows).toEqual([
      {
        subject: `Pembayaran ${type} diterima`,
        body: `Terima kasih. Pembayaran ${type} untuk ${who} sudah kami terima: Rp. 150.000 dari Rp. 300.000.`,
        data: { bill_id: f.billId, paid_amount: 150_000 },
      },
      {
        subject: `Pembayaran ${type} lunas`,
        body: `Terima kasih. Pembayaran ${type} untuk ${who} sebesar Rp. 300.000 sudah lunas. Bukti pembayaran dapat diunduh di aplikasi PSB.`,
        data: { bill_id: f.billId, paid_amount: 300_000 },
      },
    ]);
    expect(await credits(f.billId)).toMatchObject({ state: 'paid', credits: 2 });
  });

  it('settles when the settlement arrives before the pending notification, and ignores the late pending', async () => {
    const f = await billFixture(t, t.admin, { cost: 90_000, is_submit: true });
    await call(t.app, {
      method: 'POST',
      url: api(`/registrant_header_payments/generate_va/${f.billId}`),
      token: t.admin,
      payload: { channel: 'bri' },
    });
    const b0 = await billDetail(f.billId);
    const { order_id, gross_amount } = b0.installments[0]!.charge!;
    // Delivery of the simulator's own pending notification raced the charge answer; send them out of order here.
    await paidQuietly(t, order_id);
    const settle = await notify(notification(order_id, 'settlement', gross_amount, sim.serverKey));
    expect(settle.body.outcome).toBe('received');
    await settled();
    const late = await notify({
      ...notification(order_id, 'pending', gross_amount, sim.serverKey),
      transaction_time: '2026-01-01 00:00:00',
    });
    expect(late.status).toBe(200);
    await settled();
    const b = await billDetail(f.billId);
    expect(b.state).toBe('paid');
    expect(b.installments[0]!.charge?.status).toBe('settlement');
  });

  it('flags a settlement whose amount differs instead of crediting it', async () => {
    const f = await chargedBill(300_000, 'bca');
    await pay({ va_number: f.charge.va_number, amount: 299_000 });
    await settled();
    const b = await billDetail(f.billId);
    expect(b).toMatchObject({ state: 'published', paid_amount: 0 });
    expect(b.needs_review).toContain('299000');
  });

  it("refuses another amount on a closed VA at the simulator's page, as the bank would", async () => {
    const f = await chargedBill(310_000, 'bca');
    const form = (amount: number) =>
      t.app.inject({
        method: 'POST',
        url: '/simulator/midtrans/pay',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `order_id=${f.charge.order_id}&amount=${amount}`,
      });
    const refused = await form(f.charge.gross_amount - 1000);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Ditolak bank: nomor ini bernominal tetap');
    expect(refused.body).toContain('Menunggu pembayaran');
    await settled();
    expect(await billDetail(f.billId)).toMatchObject({ state: 'published', paid_amount: 0 });
    expect((await form(f.charge.gross_amount)).statusCode).toBe(303);
    await settled();
    expect(await billDetail(f.billId)).toMatchObject({ state: 'paid' });
  });

  it('takes what the payer sends on an open-amount VA and shows the parent what was received', async () => {
    const f = await chargedBill(320_000, 'bni');
    const short = f.charge.gross_amount - 20_000;
    const paid = await t.app.inject({
      method: 'POST',
      url: '/simulator/midtrans/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `order_id=${f.charge.order_id}&amount=${short}`,
    });
    expect(paid.statusCode).toBe(303);
    const page = await t.app.inject({ method: 'GET', url: paid.headers.location as string });
    expect(page.body).toContain('kurang Rp. 20.000 dari tagihan');
    expect(page.body).not.toContain('<td>Lunas</td>');
    await settled();
    const seen = await call(t.app, {
      method: 'GET',
      url: api(`/registrant_payment/${f.registrantId}`),
      token: f.parentToken,
    });
    const b = (seen.body.data as BillView[]).find((x) => x.id === f.billId)!;
    expect(b.state).toBe('published');
    expect(b.installments[0]!.charge).toMatchObject({ status: 'settlement', received_amount: short });
  });

  it('reverses a Mandiri settlement that the bank denies afterwards', async () => {
    const f = await chargedBill(175_000, 'mandiri');
    expect(f.charge.bill_key).toMatch(/^\d+$/);
    await pay({ bill_key: f.charge.bill_key });
    await settled();
    expect((await billDetail(f.billId)).state).toBe('paid');
    const deny = await call(t.app, {
      method: 'POST',
      url: '/simulator/midtrans/reverse',
      payload: { order_id: f.charge.order_id },
    });
    expect(deny.status).toBe(200);
    await settled();
    const { rows: stored } = await t.ownerPool.query<{ outcome: string }>(
      "SELECT outcome FROM payment_inbox WHERE order_id = $1 AND transaction_status = 'deny'",
      [f.charge.order_id],
    );
    expect(stored).toEqual([{ outcome: 'applied' }]);
    const b = await billDetail(f.billId);
    expect(b).toMatchObject({ state: 'published', paid_amount: 0 });
    expect(b.history.map((h) => h.action)).toContain('provider_reversal');
  });

  it('heals a charge the provider made while our record of it was lost', async () => {
    const f = await billFixture(t, t.admin, { cost: 80_000, is_submit: true });
    const b0 = await billDetail(f.billId);
    // The attempt row is written, the provider issues the VA, then the process dies before recording it.
    const { rows } = await t.ownerPool.query<{ id: string; order_id: string }>(
      `INSERT INTO payment_charges (tenant_id, id, order_id, purpose, installment_id, header_id, school_id, channel, amount, created_at)
       SELECT $1::int, x.id, 'PSB-' || $1::int || '-' || x.id, 'installment', $2::int, $3::int, h.school_id, 'bni', 80000, now() - interval '10 minutes'
       FROM registrant_header_payments h, (SELECT nextval(pg_get_serial_sequence('payment_charges', 'id')) AS id) x
       WHERE h.tenant_id = $1::int AND h.id = $3::int RETURNING id, order_id`,
      [f.tenantId, b0.installments[0]!.id, f.billId],
    );
    const orderId = rows[0]!.order_id;
    const issued = await t.app.ctx.payments.charge({
      orderId,
      grossAmount: 80_000,
      channel: 'bni',
      expiry: { orderTime: new Date(), minutes: 60 },
      customer: { name: 'Uji' },
      items: [{ id: 'x', name: 'Uji', price: 80_000, quantity: 1 }],
    });
    await settled();
    // Its pending notification was lost too (delivered while the server was down, retried hours later).
    await t.ownerPool.query(
      "UPDATE payment_charges SET status = 'creating', va_number = NULL, transaction_id = NULL WHERE order_id = $1",
      [orderId],
    );
    const healed = await reconcileTenant({ pool: t.pool, gateway: t.app.ctx.payments }, f.tenantId, {
      creatingAfterSeconds: 60,
    });
    expect(healed.healed).toBeGreaterThanOrEqual(1);
    const b = await billDetail(f.billId);
    expect(b.installments[0]!.charge).toMatchObject({ status: 'pending', va_number: issued.vaNumber });
  });
});
