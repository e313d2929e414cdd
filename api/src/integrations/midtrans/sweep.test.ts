import { setupTestApp, type TestContext } from '../../../test/helpers';
import { createMidtransSimulator, type MidtransSimulator } from './simulator';
import { notificationBody } from './simulator/events';
import { findOrder } from './simulator/orders';
import { chargeRequest, startNotificationReceiver } from './testing';

let t: TestContext;
let sim: MidtransSimulator;
let receiver: Awaited<ReturnType<typeof startNotificationReceiver>>;

beforeAll(async () => {
  receiver = await startNotificationReceiver();
  sim = createMidtransSimulator({ notificationUrl: receiver.url, sweepMs: 50, notifyOnCharge: false });
  t = await setupTestApp({ midtransSimulator: sim });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

/** Waits for something the simulator does on its own (its sweep), giving up after a generous while. */
async function eventually<T>(read: () => Promise<T | undefined> | T | undefined): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const v = await read();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the simulator did not get to it');
}

describe('the simulator on its own', () => {
  it('expires an order whose time passed and notifies, without anyone asking', async () => {
    const order = await t.app.ctx.payments.charge(
      chargeRequest('bca', { expiry: { orderTime: new Date(Date.now() - 120_000), minutes: 1 } }),
    );
    const n = await eventually(() => receiver.of(order.orderId, 'expire')[0]);
    expect(n.body).toMatchObject({ status_code: '202', transaction_status: 'expire' });
    expect(t.app.ctx.payments.verifySignature(n.body)).toBe(true);
  });

  it('resends a notification left pending by an instance that stopped', async () => {
    const order = await t.app.ctx.payments.charge(chargeRequest('bri'));
    const row = (await findOrder(sim.db, order.orderId))!;
    const body = notificationBody(row, sim.serverKey);
    // As left behind: one attempt made, the retry due, nobody waiting for it.
    const { rows } = await t.ownerPool.query<{ id: number }>(
      `INSERT INTO midtrans_simulator_notifications (order_id, transaction_status, body, target, attempts, retries_left, next_attempt_at)
       VALUES ($1, 'pending', $2, $3, 1, 1, now() - interval '1 second') RETURNING id`,
      [order.orderId, JSON.stringify(body), receiver.url],
    );
    const delivered = await eventually(async () => {
      const r = await t.ownerPool.query<{ state: string; attempts: number }>(
        'SELECT state, attempts FROM midtrans_simulator_notifications WHERE id = $1',
        [rows[0]!.id],
      );
      return r.rows[0]?.state === 'delivered' ? r.rows[0] : undefined;
    });
    expect(delivered.attempts).toBe(2);
    expect(receiver.of(order.orderId, 'pending')).toHaveLength(1);
  });
});
