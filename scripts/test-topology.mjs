// test:topology — the topology of `npm run topology` (own ports and folder) proved end to end. A bulk billing
// job is started where only api instance 2 takes jobs; then a burst of parents' journeys through HAProxy and
// signed payment settlements (repeated, and under new transaction ids) to every instance at once, while
// instance 2 is killed outright mid-job and the replica is stopped. Then the parent journey e2e spec in
// Chromium through HAProxy while the job is finished by the other instances; instance 2 started again; every
// bill credited once, reports without the replica, the staff list's version across instances.
// 0 failed parents, 0 lost acknowledged saves, 0 double credits, or it fails. Skipped (exit 0, said so) where
// Debian's packages are missing and cannot be installed.
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { insertBenchRegistrants } from './bench/staff-api.mjs';
import { buildApiServer, buildFrontEnds } from './lib/build.mjs';
import { waitReady } from './lib/topology/api.mjs';
import { query } from './lib/topology/db.mjs';
import { runParentJourneySpec } from './lib/topology/e2e.mjs';
import { startTopology } from './lib/topology/index.mjs';
import { billsOfType, jobState, jobUntil, startBulkBilling } from './lib/topology/job-takeover.mjs';
import { client, parentJourney, prepare } from './lib/topology/journeys.mjs';
import { canInstall, missingPackages } from './lib/topology/packages.mjs';
import { creditsOf, deliverSettlements, paidOrders, simulatorKey } from './lib/topology/payments.mjs';

if (!canInstall()) {
  console.log(
    `test:topology dilewati: paket ${missingPackages().join(', ')} tidak ada dan tidak dapat dipasang.`,
  );
  process.exit(0);
}
const PARENTS = Number(process.env.TOPOLOGY_PARENTS ?? 40);
const SAVES = 5;
/** Registrants the bulk billing job bills (long enough to be killed mid-way), and orders settled. */
const JOB_REGISTRANTS = 1500;
const ORDERS = 20;
const dir = path.join(os.tmpdir(), `psb-topology-test-${process.pid}`);
const began = Date.now();
const say = (m) => console.log(`[topology ${((Date.now() - began) / 1000).toFixed(0).padStart(3)} s] ${m}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const failures = [];
const check = (ok, what) => {
  say(`${ok ? '✓' : '✗'} ${what}`);
  if (!ok) failures.push(what);
};

await buildFrontEnds();
await buildApiServer();
const t = await startTopology({
  dir,
  port: Number(process.env.TOPOLOGY_TEST_PORT ?? 8098),
  basePort: Number(process.env.TOPOLOGY_TEST_BASE_PORT ?? 55500),
  log: say,
});
const owner = t.primary.ownerUrl;
const [api1, api2, api3] = t.apis;
const direct = (a) => `http://127.0.0.1:${a.port}`;
let completed = false;
try {
  const audience = insertBenchRegistrants(owner, JOB_REGISTRANTS, 'topologi');
  // The generated registrants bring their own seats: parents and the e2e journey find the class as seeded.
  await query(
    owner,
    'UPDATE class_periods SET quota = quota + $1 WHERE school_period_id = $2 AND mst_class_id IN (SELECT mst_class_id FROM registrants WHERE school_period_id = $2 AND registration_number LIKE $3)',
    [audience.count, audience.periodId, 'TOPOLOGI-%'],
  );
  const { adminToken, vouchers, places } = await prepare(t.url, PARENTS);
  const staff = client(t.url);
  const payable = await query(
    owner,
    "SELECT id FROM registrants WHERE registration_number LIKE 'TOPOLOGI-%' ORDER BY id LIMIT $1",
    [ORDERS],
  );
  const orders = await paidOrders(
    t.url,
    adminToken,
    payable.map((r) => r.id),
  );
  say(`${orders.length} orders paid at the provider, no notification sent yet`);

  // The job where only instance 2 takes jobs: the others frozen until it has started working.
  api1.pause();
  api3.pause();
  await sleep(300);
  const job = await startBulkBilling(direct(api2), adminToken, audience.periodId);
  const started = await jobUntil(direct(api2), adminToken, job.jobId, (j) => j.done > 0, 60_000);
  api1.resume();
  api3.resume();
  await Promise.all([waitReady(`${direct(api1)}/readyz`), waitReady(`${direct(api3)}/readyz`)]);
  // HAProxy's health checks (every 500 ms, up after 2) see them back before the burst.
  await sleep(1500);
  say(`bulk billing of ${job.total} registrants running on api instance 2 (${started.done} done)`);

  // The burst: every parent at once and the settlements to every instance; instance 2 killed mid-run, the
  // replica stopped. Instance 2 stays down until its job is finished elsewhere.
  let atKill;
  const events = (async () => {
    await sleep(1500);
    atKill = await jobState(direct(api2), adminToken, job.jobId);
    say(`api instance 2 killed (SIGKILL), its job at ${atKill.done} of ${atKill.total}`);
    await api2.kill();
    await sleep(1500);
    say('replica stopped');
    t.replica.stop();
  })();
  const deliveries = deliverSettlements(t.ports.api, orders, simulatorKey(path.join(dir, 'app')));
  const results = await Promise.allSettled(
    vouchers.map((v, n) =>
      parentJourney(t.url, n, {
        voucher: v.token,
        place: places[n % places.length],
        saves: SAVES,
        log: () => {},
      }),
    ),
  );
  await events;
  const delivered = await deliveries;
  const failed = results.filter((r) => r.status === 'rejected');
  for (const f of failed.slice(0, 5)) say(`  ${f.reason?.message ?? f.reason}`);
  const sum = (k) => results.reduce((n, r) => n + (r.value?.[k] ?? 0), 0);
  check(
    failed.length === 0,
    `${PARENTS} parents' journeys: ${failed.length} failed (${sum('retried')} requests sent again, ${sum('waited')} waits in the waiting room)`,
  );
  check(
    sum('saves') === (PARENTS - failed.length) * SAVES,
    `${sum('saves')} acknowledged saves, every last one read back`,
  );
  check(
    atKill?.status === 'running' && atKill.done < atKill.total,
    `instance 2 killed mid-job (${atKill?.status}, ${atKill?.done} of ${atKill?.total})`,
  );
  check(
    delivered.unanswered === 0,
    `${delivered.sent} settlement deliveries to ${t.apis.length} instances, ${delivered.unanswered} never answered 2xx`,
  );

  // The parent journey in a browser through HAProxy. Meanwhile the others finish instance 2's job, then
  // instance 2 is started again (HAProxy lets it back in under the browser's traffic) and the settlements'
  // credits are read once the inbox has applied every delivery.
  const afterKill = (async () => {
    const finished = await jobUntil(
      t.url,
      adminToken,
      job.jobId,
      (j) => j.status !== 'running' && j.status !== 'queued',
      180_000,
    );
    const bills = await billsOfType(owner, job.typeId);
    say(`job ${finished.status}; api instance 2 started again`);
    await api2.start();
    return { finished, bills, ...(await creditsOf(t.url, adminToken, owner, orders)) };
  })();
  const [e2e, { finished, bills, credited, waiting }] = await Promise.all([
    runParentJourneySpec(t.url, dir),
    afterKill,
  ]);
  check(e2e.ok, `parent journey e2e spec through HAProxy: ${e2e.summary}${e2e.ok ? '' : ` (${e2e.log})`}`);
  check(
    finished.status === 'done' &&
      finished.attempts >= 2 &&
      bills.bills === job.total &&
      bills.registrants === job.total,
    `job left by instance 2 finished by the others: ${finished.status} after ${finished.attempts} attempts, ${bills.bills} bills for ${bills.registrants} of ${job.total} registrants`,
  );
  const twice = credited.filter((b) => b.credits > 1);
  const wrong = credited.filter((b) => b.state !== 'paid' || b.paid !== b.total || b.credits !== 1);
  check(
    wrong.length === 0 && waiting === 0,
    `${orders.length} orders settled: ${credited.length - wrong.length} bills paid once, ${twice.length} double credits, ${wrong.length - twice.length} not credited, ${waiting} deliveries still waiting`,
  );

  // Reports keep answering from the primary while the replica is down.
  const report = await staff.call('GET', 'report/dashboard', { token: adminToken });
  check(report.status === 200, `dashboard without the replica: ${report.status}`);
  const paid = await staff.call('GET', 'report/payment_report', { token: adminToken });
  check(paid.status === 200, `payment report without the replica: ${paid.status}`);

  // The staff list's version: a change made through one instance shows on every instance's next answer.
  const lists = [];
  for (const a of t.apis)
    lists.push(
      (await client(direct(a)).call('GET', 'registrants/admin?page=1&limit=5', { token: adminToken })).data,
    );
  const totals = lists.map((l) => l?.total);
  check(
    totals.every((n) => n === totals[0]) && totals[0] >= PARENTS,
    `staff list on every instance: totals ${totals.join(', ')}`,
  );
  completed = true;
} finally {
  await t.stop();
  // The logs (api instances, PostgreSQL, PgBouncer, e2e) stay for a run that failed.
  if (completed && failures.length === 0) rmSync(dir, { recursive: true, force: true });
}
if (failures.length) {
  console.error(`test:topology: ${failures.length} failed; logs under ${dir}`);
  process.exit(1);
}
say('test:topology passed');
