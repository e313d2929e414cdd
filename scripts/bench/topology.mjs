// `pnpm bench --only topology`: the staff list and the parent autosave through HAProxy → 3 api instances →
// PgBouncer (transaction mode) → PostgreSQL, against the same two calls on the single process the bench
// started, in the same run and on the same generated data. Budget: ≥ 80 % of the single process's throughput,
// p99 < 100 ms. Needs Debian's haproxy, pgbouncer and PostgreSQL 15 (installed by the topology scripts);
// skipped, and said so, where they cannot be.
import os from 'node:os';
import path from 'node:path';
import { startTopology } from '../lib/topology/index.mjs';
import { canInstall, missingPackages } from '../lib/topology/packages.mjs';
import { embeddedUrl } from './embedded-url.mjs';
import { formatRun, measured } from './http.mjs';
import { adminToken } from './master-data.mjs';
import { PAGE, registrants } from './parent-journey.mjs';
import { generatedAtLeast } from './registrants.mjs';
import { verdict } from './stats.mjs';

const GENERATED = 20_000;
const PARENTS = 50;

/** The two calls of the budget against one base URL (a single process, or HAProxy in front of three). */
async function measure(url, databaseUrl, duration) {
  const admin = await adminToken(url);
  // Parents first: the generated registrants take the classes' places.
  const parents = await registrants(url, admin, PARENTS);
  const periodId = await generatedAtLeast(databaseUrl, GENERATED);
  const list = await measured({
    url: `${url}/api/v1/registrants/admin?school_period_id=${periodId}&status=submitted&sort=name&order=asc&page=2&limit=25`,
    connections: 50,
    duration,
    headers: { authorization: `Bearer ${admin}` },
  });
  let next = 0;
  const autosave = await measured({
    url: `${url}/api/v1/registrant_answer`,
    method: 'POST',
    connections: PARENTS,
    duration,
    setupClient(client) {
      const p = parents[next++ % parents.length];
      client.setHeadersAndBody(
        { 'content-type': 'application/json', authorization: `Bearer ${p.token}` },
        JSON.stringify({ registrant_id: p.id, data: PAGE }),
      );
    },
  });
  return { list, autosave };
}

export async function benchTopology(server, report, { duration }) {
  if (!canInstall()) {
    report('topology', `skipped: ${missingPackages().join(', ')} missing and not installable`);
    return;
  }
  const single = await measure(server.url, server.databaseUrl || embeddedUrl(server.dataDir), duration);
  const dir = path.join(os.tmpdir(), `psb-topology-bench-${process.pid}`);
  const topology = await startTopology({
    dir,
    port: Number(process.env.TOPOLOGY_BENCH_PORT ?? 8097),
    basePort: Number(process.env.TOPOLOGY_BENCH_BASE_PORT ?? 55600),
    log: () => {},
  });
  try {
    const scaled = await measure(topology.url, topology.primary.ownerUrl, duration);
    for (const [name, call] of [
      ['staff list GET /registrants/admin (20,000 generated, filter+sort+page), 50 conn', 'list'],
      [`parent autosave POST /registrant_answer (${PARENTS} parents), ${PARENTS} conn`, 'autosave'],
    ]) {
      const one = single[call];
      const three = scaled[call];
      const ratio = three.requests.average / one.requests.average;
      report(`topology: ${name}, single process`, formatRun(one));
      report(`topology: ${name}, HAProxy + 3 instances + PgBouncer`, formatRun(three));
      report(
        `topology: ${call} through the topology vs single process`,
        `${Math.round(ratio * 100)} %, p99 ${three.latency.p99} ms ${verdict(ratio >= 0.8 && three.latency.p99 < 100 && three.errors + three.non2xx === 0)}`,
        '≥ 80 %, p99 < 100 ms',
      );
    }
  } finally {
    await topology.stop();
  }
}
