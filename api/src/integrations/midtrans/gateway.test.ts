import { setupTestApp, type TestContext, testConfig } from '../../../test/helpers';
import { buildApp } from '../../app';
import { createMidtransGateway } from './gateway';
import { notificationSignature } from './signature';
import { createMidtransSimulator, type MidtransSimulator, SIMULATOR_CORE_URL } from './simulator';
import { chargeRequest } from './testing';
import { type PaymentGateway, ProviderError } from './types';
import { formatWib, parseWib } from './wib';

let t: TestContext;
let sim: MidtransSimulator;
let gw: PaymentGateway;

beforeAll(async () => {
  // Notifications of these tests go to a route that answers 200 in-process; they are checked elsewhere.
  sim = createMidtransSimulator({
    notificationPath: '/simulator/midtrans/expire_due',
    timeScale: 0.00001,
    sweepMs: 0,
  });
  t = await setupTestApp({ midtransSimulator: sim });
  gw = t.app.ctx.payments;
});
afterAll(async () => {
  await sim.idle();
  await t.close();
});

const rejection = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
};

const inject = (method: 'GET' | 'POST', url: string, payload?: unknown, key = sim.serverKey) =>
  t.app.inject({
    method,
    url: `/simulator/midtrans${url}`,
    headers: {
      authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}`,
      'content-type': 'application/json',
    },
    ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });

describe('charge per channel', () => {
  it('is the simulator kind, and answers a BCA charge with the VA of the response', async () => {
    expect(gw.kind).toBe('simulator');
    const req = chargeRequest('bca');
    const order = await gw.charge(req);
    expect(order).toMatchObject({
      orderId: req.orderId,
      status: 'pending',
      statusCode: '201',
      grossAmount: 150_000,
      channel: 'bca',
    });
    expect(order.vaNumber).toMatch(/^\d{11}$/);
    expect(order.transactionId).toMatch(/^[0-9a-f-]{36}$/);
    // Its pending notification went in-process (app.inject) to the configured path, which answered 200.
    await sim.idle();
    const sent = await t.ownerPool.query(
      'SELECT transaction_status, state, last_status, target FROM midtrans_simulator_notifications WHERE order_id = $1',
      [req.orderId],
    );
    expect(sent.rows).toEqual([
      {
        transaction_status: 'pending',
        state: 'delivered',
        last_status: 200,
        target: 'inject:/simulator/midtrans/expire_due',
      },
    ]);
    expect((order.raw as { va_numbers: unknown }).va_numbers).toEqual([
      { bank: 'bca', va_number: order.vaNumber },
    ]);
    // custom_expiry counts from the order time sent (whole seconds), not from when the charge arrived.
    const orderSecond = Math.floor(req.expiry.orderTime.getTime() / 1000) * 1000;
    expect(order.expiresAt!.getTime()).toBe(orderSecond + 60 * 60_000);
    expect(Math.abs(order.transactionTime!.getTime() - Date.now())).toBeLessThan(60_000);
    expect((order.raw as { gross_amount: string }).gross_amount).toBe('150000.00');
  });

  it('honours a custom VA unless another payable order holds it, then issues a different number', async () => {
    const custom = `7${String(Date.now()).slice(-7)}`;
    const first = await gw.charge(chargeRequest('bni', { customVaNumber: custom }));
    expect(first.vaNumber).toBe(custom);
    const second = await gw.charge(chargeRequest('bni', { customVaNumber: custom }));
    expect(second.vaNumber).toMatch(/^\d+$/);
    expect(second.vaNumber).not.toBe(custom);
    // Once the first order no longer holds it, the number is free again.
    await gw.cancel(first.orderId);
    const third = await gw.charge(chargeRequest('bni', { customVaNumber: custom }));
    expect(third.vaNumber).toBe(custom);
  });

  it('keeps one payable order per number and per order id when charges race', async () => {
    const custom = `6${String(Date.now()).slice(-7)}`;
    const racing = await Promise.all(
      Array.from({ length: 4 }, () => gw.charge(chargeRequest('bri', { customVaNumber: custom }))),
    );
    expect(new Set(racing.map((o) => o.vaNumber)).size).toBe(4);
    expect(racing.filter((o) => o.vaNumber === custom)).toHaveLength(1);

    const same = chargeRequest('cimb');
    const outcomes = await Promise.allSettled(Array.from({ length: 3 }, () => gw.charge(same)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes.filter((x) => x.status === 'rejected'))
      expect((o as PromiseRejectedResult).reason).toMatchObject({ statusCode: '406' });
  });

  it.each(['bri', 'cimb'] as const)('answers %s with va_numbers', async (bank) => {
    const order = await gw.charge(chargeRequest(bank));
    expect(order.channel).toBe(bank);
    expect((order.raw as { va_numbers: { bank: string }[] }).va_numbers[0]!.bank).toBe(bank);
    expect(order.vaNumber).toMatch(/^\d{10,18}$/);
  });

  it('answers Permata with permata_va_number, not va_numbers', async () => {
    const order = await gw.charge(chargeRequest('permata'));
    const raw = order.raw as Record<string, unknown>;
    expect(raw.va_numbers).toBeUndefined();
    expect(raw.permata_va_number).toMatch(/^\d{10}$/);
    expect(order).toMatchObject({ channel: 'permata', vaNumber: raw.permata_va_number });
  });

  it('answers Mandiri bill payment with bill_key and biller_code 70012', async () => {
    const order = await gw.charge(chargeRequest('mandiri', { customVaNumber: '123' }));
    expect(order).toMatchObject({ channel: 'mandiri', billerCode: '70012', vaNumber: undefined });
    // Too short a custom bill key is zero-padded to the minimum length.
    expect(order.billKey).toBe('000123');
    expect((order.raw as { payment_type: string }).payment_type).toBe('echannel');
  });

  it('answers QRIS with the QR string and an image the simulator serves', async () => {
    const order = await gw.charge(chargeRequest('qris'));
    expect(order.channel).toBe('qris');
    expect(order.qrString).toContain(order.orderId);
    expect(order.qrImageUrl).toBe(`/simulator/midtrans/qris/${order.orderId}.png`);
    const png = await t.app.inject({ method: 'GET', url: order.qrImageUrl! });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await t.app.inject({ method: 'GET', url: '/simulator/midtrans/qris/nope.png' })).statusCode).toBe(
      404,
    );
  });
});

describe('refusals', () => {
  it('refuses a second charge under a live order id with 406', async () => {
    const req = chargeRequest('bri');
    await gw.charge(req);
    const err = await rejection(gw.charge(req));
    expect(err).toMatchObject({ statusCode: '406', uncertain: false });
  });

  it('refuses items that do not add up to the gross amount with 400', async () => {
    const req = chargeRequest('bca');
    const err = await rejection(gw.charge({ ...req, grossAmount: req.grossAmount + 1 }));
    expect(err).toMatchObject({ statusCode: '400', uncertain: false });
    expect(err.message).toContain('sum of item_details');
  });

  it('refuses malformed bodies like Midtrans: bad order id, decimal amount, unknown bank', async () => {
    const res = await inject('POST', '/v2/charge', {
      payment_type: 'bank_transfer',
      bank_transfer: { bank: 'danamon' },
      transaction_details: { order_id: 'bad order/id', gross_amount: 1000.5 },
    });
    const body = res.json() as { status_code: string; validation_messages: string[] };
    expect(body.status_code).toBe('400');
    expect(body.validation_messages).toHaveLength(3);
    const unreadable = await t.app.inject({
      method: 'POST',
      url: '/simulator/midtrans/v2/charge',
      headers: {
        authorization: `Basic ${Buffer.from(`${sim.serverKey}:`).toString('base64')}`,
        'content-type': 'application/json',
      },
      payload: '{not json',
    });
    expect((unreadable.json() as { status_code: string }).status_code).toBe('400');
  });

  it('refuses a wrong server key with 401', async () => {
    const wrong = createMidtransGateway({
      serverKey: 'SB-Mid-server-wrong',
      coreUrl: SIMULATOR_CORE_URL,
      transport: sim.transport,
      kind: 'simulator',
    });
    expect(await rejection(wrong.charge(chargeRequest('bca')))).toMatchObject({
      statusCode: '401',
      uncertain: false,
    });
    expect((await inject('GET', '/v2/x/status', undefined, '')).statusCode).toBe(401);
  });
});

describe('status, cancel, expire', () => {
  it('reads status by order id or transaction id; unknown orders are null', async () => {
    const order = await gw.charge(chargeRequest('cimb'));
    expect(await gw.status(order.orderId)).toMatchObject({
      status: 'pending',
      statusCode: '201',
      vaNumber: order.vaNumber,
    });
    expect(await gw.status(order.transactionId)).toMatchObject({ orderId: order.orderId });
    expect(await gw.status('no-such-order')).toBeNull();
  });

  it('cancels a pending order; the order id may then be charged again', async () => {
    const req = chargeRequest('bca');
    await gw.charge(req);
    expect(await gw.cancel(req.orderId)).toMatchObject({ status: 'cancel', statusCode: '200' });
    expect(await rejection(gw.cancel(req.orderId))).toMatchObject({ statusCode: '412' });
    const again = await gw.charge(req);
    expect(again.status).toBe('pending');
    expect(await rejection(gw.cancel('no-such-order'))).toMatchObject({ statusCode: '404' });
  });

  it('expires with status_code 407 as an answer, not an error', async () => {
    const req = chargeRequest('bri');
    await gw.charge(req);
    expect(await gw.expire(req.orderId)).toMatchObject({ status: 'expire', statusCode: '407' });
    expect(await gw.status(req.orderId)).toMatchObject({ status: 'expire', statusCode: '407' });
  });

  it('expires an order whose time passed when it is next looked at', async () => {
    const orderTime = new Date(Date.now() - 5 * 60_000);
    const order = await gw.charge(chargeRequest('bni', { expiry: { orderTime, minutes: 1 } }));
    expect(order.status).toBe('pending');
    expect(order.expiresAt!.getTime()).toBe(Math.floor(orderTime.getTime() / 1000) * 1000 + 60_000);
    expect(await gw.status(order.orderId)).toMatchObject({ status: 'expire' });
  });

  it('keeps orders in PostgreSQL: a second app instance on the same database answers for them, whatever its default tenant', async () => {
    const order = await gw.charge(chargeRequest('permata'));
    const other = createMidtransSimulator({
      serverKey: sim.serverKey,
      notificationPath: '/simulator/midtrans/expire_due',
    });
    // The simulator is no tenant's: an instance whose default tenant does not exist still answers.
    const app2 = await buildApp({
      pool: t.pool,
      config: { ...testConfig(), defaultTenant: 'tidak-ada' },
      midtransSimulator: other,
    });
    try {
      expect(await app2.ctx.payments.status(order.orderId)).toMatchObject({
        vaNumber: order.vaNumber,
        status: 'pending',
      });
    } finally {
      await app2.close();
    }
  });
});

describe('notifications as the gateway reads them', () => {
  const body = (over: Record<string, string> = {}) => {
    const b = { order_id: 'PSB-1-7', status_code: '200', gross_amount: '100000.00', ...over };
    return {
      ...b,
      signature_key: notificationSignature(b.order_id, b.status_code, b.gross_amount, sim.serverKey),
    };
  };

  it('accepts the real signature and refuses forged or odd-length ones', () => {
    expect(gw.verifySignature(body())).toBe(true);
    const good = body();
    expect(gw.verifySignature({ ...good, gross_amount: '100000' })).toBe(false);
    expect(
      gw.verifySignature({
        ...good,
        signature_key: good.signature_key.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
      }),
    ).toBe(false);
    expect(gw.verifySignature({ ...good, signature_key: good.signature_key.slice(0, 20) })).toBe(false);
    expect(gw.verifySignature({ ...good, signature_key: '' })).toBe(false);
    expect(
      gw.verifySignature({
        ...good,
        signature_key: notificationSignature('PSB-1-7', '200', '100000.00', 'other-key'),
      }),
    ).toBe(false);
  });

  it('parses WIB times and amounts of a notification body', () => {
    const order = gw.parseNotification({
      ...body(),
      transaction_status: 'settlement',
      transaction_id: 'abc',
      payment_type: 'echannel',
      bill_key: '112233',
      biller_code: '70012',
      transaction_time: '2026-11-23 22:00:00',
      settlement_time: '2026-11-23 22:05:09',
      expiry_time: '2026-11-24 22:00:00',
      fraud_status: 'accept',
    });
    expect(order).toMatchObject({
      status: 'settlement',
      grossAmount: 100_000,
      channel: 'mandiri',
      billKey: '112233',
      billerCode: '70012',
    });
    expect(order.settledAt?.toISOString()).toBe('2026-11-23T15:05:09.000Z');
    expect(formatWib(order.transactionTime!)).toBe('2026-11-23 22:00:00');
    expect(parseWib('2026-11-24 22:00:00')).toEqual(order.expiresAt);
  });
});
