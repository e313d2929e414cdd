// test:topology — the topology of `npm run topology` (own ports and folder) proved end to end: a burst of
// parents' journeys through HAProxy while one api instance is killed outright and started again and the
// replica is stopped; then the staff list's version across instances and reports without the replica.
// 0 failed parents and 0 lost acknowledged saves, or it fails. Skipped (exit 0, said so) where Debian's
// packages are missing and cannot be installed.
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApiServer, buildFrontEnds } from './lib/build.mjs';
import { startTopology } from './lib/topology/index.mjs';
import { client, parentJourney, prepare } from './lib/topology/journeys.mjs';
import { canInstall, missingPackages } from './lib/topology/packages.mjs';

if (!canInstall()) {
  console.log(
    `test:topology dilewati: paket ${missingPackages().join(', ')} tidak ada dan tidak dapat dipasang.`,
  );
  process.exit(0);
}
const PARENTS = Number(process.env.TOPOLOGY_PARENTS ?? 40);
const SAVES = 5;
const dir = path.join(os.tmpdir(), `psb-topology-test-${process.pid}`);
const say = (m) => console.log(`[topology] ${m}`);
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
try {
  const { adminToken, vouchers, places } = await prepare(t.url, PARENTS);
  const staff = client(t.url);

  // The burst: every parent at once; one instance killed mid-run and started again, the replica stopped.
  const events = (async () => {
    await new Promise((r) => setTimeout(r, 1500));
    say('api instance 2 killed (SIGKILL)');
    await t.apis[1].kill();
    await new Promise((r) => setTimeout(r, 1500));
    say('replica stopped');
    t.replica.stop();
    await new Promise((r) => setTimeout(r, 1000));
    say('api instance 2 started again');
    await t.apis[1].start();
  })();
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
  const failed = results.filter((r) => r.status === 'rejected');
  for (const f of failed.slice(0, 5)) say(`  ${f.reason?.message ?? f.reason}`);
  const retried = results.reduce((n, r) => n + (r.value?.retried ?? 0), 0);
  check(
    failed.length === 0,
    `${PARENTS} parents' journeys: ${failed.length} failed (${retried} requests sent again)`,
  );
  const acknowledged = results.reduce((n, r) => n + (r.value?.saves ?? 0), 0);
  check(
    acknowledged === (PARENTS - failed.length) * SAVES,
    `${acknowledged} acknowledged saves, every last one read back`,
  );

  // Reports keep answering from the primary while the replica is down.
  const report = await staff.call('GET', 'report/dashboard', { token: adminToken });
  check(report.status === 200, `dashboard without the replica: ${report.status}`);
  const paid = await staff.call('GET', 'report/payment_report', { token: adminToken });
  check(paid.status === 200, `payment report without the replica: ${paid.status}`);

  // The staff list's version: a change made through one instance shows on every instance's next answer.
  const lists = [];
  for (const port of t.ports.api) {
    const direct = client(`http://127.0.0.1:${port}`);
    lists.push((await direct.call('GET', 'registrants/admin?page=1&limit=5', { token: adminToken })).data);
  }
  const totals = lists.map((l) => l?.total);
  check(
    totals.every((n) => n === totals[0]) && totals[0] >= PARENTS,
    `staff list on every instance: totals ${totals.join(', ')}`,
  );
} finally {
  await t.stop();
  rmSync(dir, { recursive: true, force: true });
}
if (failures.length) {
  console.error(`test:topology: ${failures.length} failed`);
  process.exit(1);
}
say('test:topology passed');
