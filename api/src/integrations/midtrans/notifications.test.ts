import { setupTestApp, type TestContext } from '../../../test/helpers';
import { createMidtransSimulator, type MidtransSimulator, retriesFor, retryDelayMs } from './simulator';
import { chargeRequest, startNotificationReceiver } from './testing';
import type { PaymentGateway } from './types';
import { parseWib } from './wib';

let t: TestContext;
let sim: MidtransSimulator;
let gw: PaymentGateway;
let receiver: Awaited<ReturnType<typeof startNotificationReceiver>>;
/** Reply status per order id (default 200). */
const replies = new Map<string, number>();

beforeAll(async () => {
  receiver = await startNotificationReceiver();
  receiver.reply = (body) => replies.get(body.order_id) ?? 200;
  // Midtrans' 2/10/30/90/210 minutes become about 1/6/18/54/126 ms.
  sim = createMidtransSimulator({ notificationUrl: receiver.url, timeScale: 0.00001, sweepMs: 0 });
  t = await setupTestApp({ midtransSimulator: sim });
  gw = t.app.ctx.payments;
});
afterAll(async () => {
  await sim.idle();
  await t.close();
  await receiver.close();
});

const pay = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/simulator/midtrans/pay', payload });

const attempts = (orderId: string) =>
  t.ownerPool
    .query<{ transaction_status: string; state: string; attempts: number; last_status: number | null }>(
      'SELECT transaction_status, state, attempts, last_status FROM midtrans_simulator_notifications WHERE order_id = $1 ORDER BY id',
      [orderId],
    )
    .then((r) => r.rows);

describe('notifications after charge and payment', () => {
  it('sends pending, then a signed settlement with every field, as Veritrans over JSON', async () => {
    const order = await gw.charge(chargeRequest('bca', { amount: 250_000 }));
    await sim.idle();
    const [pending] = receiver.of(order.orderId, 'pending');
    expect(pending?.body).toMatchObject({
      status_code: '201',
      gross_amount: '250000.00',
      payment_type: 'bank_transfer',
    });

    const res = await pay({ va_number: order.vaNumber });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      order_id: order.orderId,
      transaction_status: 'settlement',
      paid_amount: 250_000,
    });
    await sim.idle();
    const settled = receiver.of(order.orderId, 'settlement');
    expect(settled).toHaveLength(1);
    const { headers, body } = settled[0]!;
    expect(headers['content-type']).toBe('application/json');
    expect(headers['user-agent']).toBe('Veritrans');
    expect(body).toMatchObject({
      order_id: order.orderId,
      transaction_id: order.transactionId,
      status_code: '200',
      transaction_status: 'settlement',
      fraud_status: 'accept',
      gross_amount: '250000.00',
      currency: 'IDR',
      merchant_id: expect.any(String),
      status_message: expect.any(String),
      va_numbers: [{ bank: 'bca', va_number: order.vaNumber }],
      payment_amounts: [{ amount: '250000.00', paid_at: body.settlement_time }],
    });
    for (const field of ['transaction_time', 'settlement_time', 'expiry_time'] as const)
      expect(body[field]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // WIB without offset: read as GMT+7 it is "now", read as UTC it would be seven hours off.
    expect(Math.abs(parseWib(body.settlement_time)!.getTime() - Date.now())).toBeLessThan(60_000);
    expect(gw.verifySignature(body)).toBe(true);
    expect(gw.parseNotification(body)).toMatchObject({
      status: 'settlement',
      grossAmount: 250_000,
      vaNumber: order.vaNumber,
    });
    expect(await gw.status(order.orderId)).toMatchObject({ status: 'settlement', statusCode: '200' });
  });

  it('reports and signs a different paid amount (mismatch tests), by Mandiri bill key', async () => {
    const order = await gw.charge(chargeRequest('mandiri'));
    expect((await pay({ bill_key: order.billKey, amount: 149_000 })).statusCode).toBe(200);
    await sim.idle();
    const [n] = receiver.of(order.orderId, 'settlement');
    expect(n?.body).toMatchObject({
      gross_amount: '149000.00',
      bill_key: order.billKey,
      biller_code: '70012',
    });
    expect(gw.verifySignature(n!.body)).toBe(true);
  });

  it('sends duplicates at once and can send settlement before pending', async () => {
    const order = await gw.charge(chargeRequest('bri'));
    await sim.idle();
    const before = receiver.of(order.orderId).length;
    expect((await pay({ order_id: order.orderId, duplicates: 3, out_of_order: true })).statusCode).toBe(200);
    await sim.idle();
    const after = receiver
      .of(order.orderId)
      .slice(before)
      .map((n) => n.body.transaction_status);
    expect(after).toEqual(['settlement', 'settlement', 'settlement', 'pending']);
  });

  it('sends cancel and expire notifications with a non-success code', async () => {
    const a = await gw.charge(chargeRequest('cimb'));
    const b = await gw.charge(chargeRequest('permata'));
    await gw.cancel(a.orderId);
    await gw.expire(b.orderId);
    await sim.idle();
    expect(receiver.of(a.orderId, 'cancel')[0]?.body.status_code).toBe('202');
    const expired = receiver.of(b.orderId, 'expire')[0]?.body;
    expect(expired).toMatchObject({ status_code: '202', permata_va_number: b.vaNumber });
    expect(gw.verifySignature(expired!)).toBe(true);
  });

  it('reverses a Mandiri payment: settlement → deny, notified with a non-success code', async () => {
    const order = await gw.charge(chargeRequest('mandiri'));
    const reverse = () =>
      t.app.inject({
        method: 'POST',
        url: '/simulator/midtrans/reverse',
        payload: { order_id: order.orderId },
      });
    expect((await reverse()).statusCode).toBe(409);
    await pay({ bill_key: order.billKey });
    expect((await reverse()).json()).toMatchObject({ success: true, transaction_status: 'deny' });
    await sim.idle();
    const [denied] = receiver.of(order.orderId, 'deny');
    expect(denied?.body).toMatchObject({ status_code: '202', bill_key: order.billKey });
    expect(gw.verifySignature(denied!.body)).toBe(true);
    expect(await gw.status(order.orderId)).toMatchObject({ status: 'deny', statusCode: '202' });
  });

  it('refuses paying what is not payable, in Indonesian', async () => {
    const order = await gw.charge(chargeRequest('bni'));
    await pay({ va_number: order.vaNumber });
    const again = await pay({ va_number: order.vaNumber });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('sudah dibayar');
    expect((await pay({ va_number: '99999999999999' })).statusCode).toBe(404);
    expect((await pay({})).statusCode).toBe(400);
    expect((await pay({ va_number: '12ab' })).statusCode).toBe(400);
    expect((await pay({ order_id: order.orderId, surprise: 1 })).statusCode).toBe(400);
  });
});

describe('retries by the reply status', () => {
  it('follows Midtrans: 2xx none, 500 once, 503 four times, 400/404 twice, 30x none, others five times', () => {
    expect([200, 204, 500, 503, 400, 404, 301, 302, 303, 401, 418, 502, null].map(retriesFor)).toEqual([
      0, 0, 1, 4, 2, 2, 0, 0, 0, 5, 5, 5, 5,
    ]);
  });

  it('waits 2, 10, 30, 90 and 210 minutes between attempts, times the scale', () => {
    expect([0, 1, 2, 3, 4].map((i) => retryDelayMs(i, 1) / 60_000)).toEqual([2, 10, 30, 90, 210]);
    expect(retryDelayMs(1, 0.001)).toBe(600);
  });

  it.each([
    [200, 1, 'delivered'],
    [500, 2, 'failed'],
    [503, 5, 'failed'],
    [404, 3, 'failed'],
    [302, 1, 'failed'],
    [418, 6, 'failed'],
  ])('a merchant answering %i gets %i attempts (then %s)', async (status, count, state) => {
    const order = await gw.charge(chargeRequest('bca'));
    replies.set(order.orderId, status);
    await pay({ order_id: order.orderId });
    await sim.idle();
    expect(receiver.of(order.orderId, 'settlement')).toHaveLength(count);
    const rows = (await attempts(order.orderId)).filter((r) => r.transaction_status === 'settlement');
    expect(rows).toEqual([{ transaction_status: 'settlement', state, attempts: count, last_status: status }]);
  });

  it('delivers once the merchant recovers', async () => {
    const order = await gw.charge(chargeRequest('bca'));
    let failures = 2;
    replies.set(order.orderId, 503);
    receiver.reply = (body) => {
      if (body.order_id !== order.orderId || body.transaction_status !== 'settlement')
        return replies.get(body.order_id) ?? 200;
      return failures-- > 0 ? 503 : 200;
    };
    await pay({ order_id: order.orderId });
    await sim.idle();
    const rows = (await attempts(order.orderId)).filter((r) => r.transaction_status === 'settlement');
    expect(rows[0]).toMatchObject({ state: 'delivered', attempts: 3, last_status: 200 });
  });
});

describe('the tester page', () => {
  it('finds an order by VA number and pays it with a plain form, under the app CSP', async () => {
    const order = await gw.charge(chargeRequest('bni', { amount: 1_250_000 }));
    const page = await t.app.inject({ method: 'GET', url: `/simulator/midtrans/pay?kode=${order.vaNumber}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain('Rp. 1.250.000');
    expect(page.body).toContain('Menunggu pembayaran');
    expect(page.body).toContain('>Bayar</button>');

    const paid = await t.app.inject({
      method: 'POST',
      url: '/simulator/midtrans/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `order_id=${order.orderId}&amount=`,
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/simulator/midtrans/pay?kode=${order.orderId}&pesan=lunas`);
    const after = await t.app.inject({ method: 'GET', url: paid.headers.location as string });
    expect(after.body).toContain('Lunas');
    expect(after.body).toContain('Pembayaran tercatat');
    await sim.idle();
    expect(receiver.of(order.orderId, 'settlement')[0]?.body.gross_amount).toBe('1250000.00');
  });

  it('says so when nothing matches, and escapes what was typed', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/simulator/midtrans/pay?kode=%3Cb%3Ex' });
    expect(page.body).toContain('Tagihan tidak ditemukan');
    expect(page.body).toContain('&lt;b&gt;x');
    expect(page.body).not.toContain('<b>x');
  });

  it('expires due orders on request', async () => {
    const order = await gw.charge(
      chargeRequest('bri', { expiry: { orderTime: new Date(Date.now() - 120_000), minutes: 1 } }),
    );
    const res = await t.app.inject({ method: 'POST', url: '/simulator/midtrans/expire_due' });
    expect(res.json().expired).toBeGreaterThanOrEqual(1);
    await sim.idle();
    expect(receiver.of(order.orderId, 'expire')).toHaveLength(1);
  });
});
