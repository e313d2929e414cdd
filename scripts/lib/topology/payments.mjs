// The payment notification exactly-once check on the topology: orders the provider (the built-in simulator,
// its state in PostgreSQL) holds as paid, their signed settlements — the same delivery repeated and the same
// settlement under new transaction ids — sent to different api instances at once while one is killed, then
// every bill credited exactly once.
import crypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { query } from './db.mjs';
import { client, expectOk, newPaymentType } from './journeys.mjs';

const COST = 175_000;

/** The simulator's server key, generated into the instances' shared DATA_DIR. */
export const simulatorKey = (dataDir) =>
  JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')).midtransSimulatorKey;

/** A settlement as Midtrans sends it, signed with the real formula; a new transaction id unless given. */
function settlement(order, key, transactionId = crypto.randomUUID()) {
  const grossAmount = `${order.gross}.00`;
  return JSON.stringify({
    transaction_time: '2026-11-23 10:00:00',
    transaction_status: 'settlement',
    transaction_id: transactionId,
    status_message: 'midtrans payment notification',
    status_code: '200',
    signature_key: crypto
      .createHash('sha512')
      .update(`${order.orderId}200${grossAmount}${key}`)
      .digest('hex'),
    settlement_time: '2026-11-23 10:05:00',
    payment_type: 'bank_transfer',
    order_id: order.orderId,
    merchant_id: 'G000000000',
    gross_amount: grossAmount,
    fraud_status: 'accept',
    currency: 'IDR',
  });
}

/**
 * A bill with an open BNI VA for each registrant, paid at the provider without any notification reaching us
 * (the simulator's `silent`): only the deliveries the test sends can credit them.
 */
export async function paidOrders(url, token, registrantIds) {
  const staff = client(url);
  const type = await newPaymentType(url, token, 'Topologi');
  return Promise.all(
    registrantIds.map(async (id) => {
      const bill = expectOk(
        'bill',
        await staff.call('POST', `registrant/payment/${id}`, {
          body: { mst_type_payment_id: type.id, cost: COST, is_submit: true },
          token,
        }),
      ).data;
      const charge = expectOk(
        'charge',
        await staff.call('POST', `registrant_header_payments/generate_va/${bill.id}`, {
          body: { channel: 'bni' },
          token,
        }),
      ).data;
      const paid = await fetch(`${url}/simulator/midtrans/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: charge.order_id, silent: true }),
      });
      if (!paid.ok) throw new Error(`pay ${charge.order_id}: ${paid.status}`);
      return { billId: bill.id, orderId: charge.order_id, gross: charge.gross_amount };
    }),
  );
}

/**
 * Rounds of deliveries, `spacingMs` apart: in each, every order's settlement twice as the same delivery and
 * once under a new transaction id, each to another instance, all at once. A delivery that got no 2xx (the
 * instance was down, or killed while answering) is sent again to the next instance, as Midtrans retries.
 * Resolves the count of deliveries made and of those that never got a 2xx.
 */
export async function deliverSettlements(ports, orders, key, { rounds = 6, spacingMs = 800 } = {}) {
  const repeated = new Map(orders.map((o) => [o.orderId, settlement(o, key)]));
  let sent = 0;
  let unanswered = 0;
  const deliver = async (body, first) => {
    for (let attempt = 0; attempt < ports.length * 3; attempt++) {
      const port = ports[(first + attempt) % ports.length];
      sent++;
      const ok = await fetch(`http://127.0.0.1:${port}/api/v1/us/midtrans_notification`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Veritrans' },
        body,
      }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 300));
    }
    unanswered++;
  };
  const waves = [];
  for (let round = 0; round < rounds; round++) {
    waves.push(
      Promise.all(
        orders.flatMap((o, i) => [
          deliver(repeated.get(o.orderId), i + round),
          deliver(repeated.get(o.orderId), i + round + 1),
          deliver(settlement(o, key), i + round + 2),
        ]),
      ),
    );
    await new Promise((r) => setTimeout(r, spacingMs));
  }
  await Promise.all(waves);
  return { sent, unanswered };
}

/** Deliveries of these orders stored but not yet applied (read as the schema's owner). */
const waitingInInbox = async (ownerUrl, orders) =>
  Number(
    (
      await query(
        ownerUrl,
        'SELECT count(*) AS n FROM payment_inbox WHERE processed_at IS NULL AND order_id = ANY($1)',
        [orders.map((o) => o.orderId)],
      )
    )[0].n,
  );

/**
 * Each bill as staff see it once the inbox has applied every delivery of its order (or `timeoutMs` passed):
 * its state, what was paid and how many provider credits its history shows.
 */
export async function creditsOf(url, token, ownerUrl, orders, timeoutMs = 90_000) {
  const staff = client(url);
  const until = Date.now() + timeoutMs;
  for (;;) {
    const waiting = await waitingInInbox(ownerUrl, orders);
    const bills = await Promise.all(
      orders.map(async (o) => {
        const b = expectOk(
          'bill',
          await staff.call('GET', `registrant_header_payment/${o.billId}`, { token }),
        ).data;
        return {
          ...o,
          state: b.state,
          total: b.total_amount,
          paid: b.paid_amount,
          credits: b.history.filter((h) => h.action === 'provider_payment').length,
        };
      }),
    );
    if ((waiting === 0 && bills.every((b) => b.state === 'paid')) || Date.now() > until)
      return { credited: bills, waiting };
    await new Promise((r) => setTimeout(r, 1000));
  }
}
