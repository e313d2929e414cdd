// Issue budgets of payments: billing 5,000 registrants with a VA each through the simulator (the bulk job's
// own start and finish), then the provider notification endpoint under 50 connections with every order
// settled: first each order's settlement once (every request stores a row), then all of them over and over
// (the provider's retries and duplicates). The endpoint only stores what it receives; the
// inbox worker applies it afterwards, so the run waits for the inbox to drain (and says how long that took)
// before checking that nothing was credited twice.
import crypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import autocannon from 'autocannon';
import { root } from '../lib/workspace.mjs';
import { embeddedUrl } from './embedded-url.mjs';
import { formatRun, measured, WARMUP_SECONDS } from './http.mjs';
import { api, finishedJob, insertBenchRegistrants } from './staff-api.mjs';

const REGISTRANTS = 5_000;
const pg = createRequire(`${root}/api/package.json`)('pg');

const signed = (orderId, gross, key, status = 'settlement', code = '200') => {
  const grossAmount = `${gross}.00`;
  return JSON.stringify({
    transaction_time: '2026-11-23 10:00:00',
    transaction_status: status,
    transaction_id: crypto.randomUUID(),
    status_message: 'midtrans payment notification',
    status_code: code,
    signature_key: crypto.createHash('sha512').update(`${orderId}${code}${grossAmount}${key}`).digest('hex'),
    settlement_time: '2026-11-23 10:05:00',
    payment_type: 'bank_transfer',
    order_id: orderId,
    merchant_id: 'G000000000',
    gross_amount: grossAmount,
    fraud_status: 'accept',
    currency: 'IDR',
    va_numbers: [{ bank: 'bni', va_number: '0000' }],
  });
};

export async function benchPayments(server, report, { adminToken, duration }) {
  const databaseUrl = server.databaseUrl || embeddedUrl(server.dataDir);
  const audience = insertBenchRegistrants(databaseUrl, REGISTRANTS, 'benchpay');
  const run = Date.now().toString(36);
  const type = await api(server.url, 'POST', 'mst_type_payment', adminToken, {
    name: `Bench ${run}`,
    code: `B-${run}`,
  });

  const started = await api(server.url, 'POST', 'registrant_header_payments/bulk/generate', adminToken, {
    mst_type_payment_id: type.data.id,
    school_period_id: audience.periodId,
    cost: 350_000,
    is_submit: true,
    generate_va: true,
    request_key: crypto.randomUUID(),
  });
  const job = await finishedJob(server.url, adminToken, started.data.job_id);
  const seconds = (new Date(job.finished_at) - new Date(job.started_at)) / 1000;
  report(
    `bulk bills + VAs for ${job.done.toLocaleString('en')} registrants through the simulator (${job.failed} failed)`,
    `${seconds.toFixed(1)} s`,
    '< 60 s',
  );

  const db = new pg.Client({ connectionString: databaseUrl });
  // The server stops its database after the run; that is not an error of this client.
  db.on('error', () => {});
  await db.connect();
  const { rows: orders } = await db.query(
    `SELECT c.order_id, c.gross_amount::int AS gross FROM payment_charges c
     JOIN registrant_header_payments h ON h.tenant_id = c.tenant_id AND h.id = c.header_id
     WHERE h.mst_type_payment_id = $1 AND c.status = 'pending'`,
    [type.data.id],
  );
  // The bank takes every payment first (the simulator's own record, as its pay page would leave it): a
  // notification is applied only as far as the provider's status answer for its order confirms it.
  await db.query(
    `UPDATE midtrans_simulator_orders SET status = 'settlement', paid_amount = gross_amount,
       settlement_time = date_trunc('second', now()), updated_at = now()
     WHERE order_id = ANY($1) AND status = 'pending'`,
    [orders.map((o) => o.order_id)],
  );
  const dataDir = server.dataDir;
  const key = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')).midtransSimulatorKey;
  const bodies = orders.map((o) => signed(o.order_id, o.gross, key));
  const target = {
    url: `${server.url}/api/v1/us/midtrans_notification`,
    connections: 50,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'Veritrans' },
  };
  // Warm-up on late pending notifications, each a new transaction (stored, then ignored by the worker), so
  // the first deliveries below are measured on a warm server.
  await autocannon({
    ...target,
    duration: WARMUP_SECONDS,
    requests: [
      {
        setupRequest: (req) => {
          const o = orders[Math.floor(Math.random() * orders.length)];
          return { ...req, body: signed(o.order_id, o.gross, key, 'pending', '201') };
        },
      },
    ],
  });
  // Every order's settlement once: each request stores a new inbox row.
  let first = 0;
  const fresh = await autocannon({
    ...target,
    amount: bodies.length,
    requests: [{ setupRequest: (req) => ({ ...req, body: bodies[first++ % bodies.length] }) }],
  });
  report(
    `POST /us/midtrans_notification, 50 conn, first deliveries (${fresh.requests.total.toLocaleString('en')} settlements, each stored)`,
    `${formatRun(fresh)} (${fresh.requests.total.toLocaleString('en')} in ${fresh.duration.toFixed(1)} s)`,
    '≥ 1,000 req/s, p99 < 50 ms',
  );
  let i = 0;
  // Then each settlement is sent over and over as the run cycles through them: the provider's retries and
  // duplicates, some at once, while the worker is still applying the first deliveries.
  const result = await measured({
    ...target,
    duration,
    requests: [{ setupRequest: (req) => ({ ...req, body: bodies[i++ % bodies.length] }) }],
  });
  const sent = result.requests.total;
  report(
    `POST /us/midtrans_notification, 50 conn, redeliveries of ${orders.length.toLocaleString('en')} settlements (${(sent / orders.length).toFixed(1)} each)`,
    formatRun(result),
    '≥ 1,000 req/s, p99 < 50 ms',
  );
  const loadEnded = Date.now();
  let waiting = -1;
  while (Date.now() - loadEnded < 300_000) {
    const { rows } = await db.query(
      'SELECT count(*)::int AS n FROM payment_inbox WHERE processed_at IS NULL',
    );
    waiting = rows[0].n;
    if (waiting === 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const { rows: inbox } = await db.query(
    `SELECT count(*)::int AS stored, coalesce(sum(attempts), 0)::int AS failed_attempts,
       coalesce(extract(epoch FROM max(processed_at) - min(received_at)), 0)::float AS span
     FROM payment_inbox WHERE transaction_status = 'settlement'`,
  );
  report(
    `notification inbox drained after the load (${inbox[0].stored.toLocaleString('en')} settlements stored, ${inbox[0].failed_attempts} failed attempts, ${waiting} left)`,
    `${((Date.now() - loadEnded) / 1000).toFixed(1)} s after the load (first stored → last applied ${inbox[0].span.toFixed(1)} s)`,
  );
  const { rows: check } = await db.query(
    `SELECT
       (SELECT count(*)::int FROM (SELECT header_id FROM payment_history WHERE action = 'provider_payment'
          GROUP BY header_id HAVING count(*) > 1) x) AS credited_twice,
       (SELECT count(*)::int FROM registrant_header_payments h WHERE h.paid_amount <>
          (SELECT coalesce(sum(amount), 0) FROM registrant_installment_payments i WHERE i.tenant_id = h.tenant_id AND i.header_id = h.id AND i.paid_at IS NOT NULL)) AS wrong_totals,
       (SELECT count(*)::int FROM registrant_header_payments WHERE mst_type_payment_id = $1 AND state = 'paid') AS paid`,
    [type.data.id],
  );
  await db.end();
  report(
    'double credits after the notification load (bills credited twice / wrong paid totals)',
    `${check[0].credited_twice} / ${check[0].wrong_totals} (${check[0].paid} bills paid)`,
    '0',
  );
}
