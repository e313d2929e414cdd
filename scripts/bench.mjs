// `pnpm bench`: measured figures for the budgets of the issues. Starts the real server on a fresh data set,
// drives it with autocannon, loads `/` in Chromium and runs Lighthouse (mobile profile) on `/`, `/home` and
// `/admin/dashboard`. Prints figures; it asserts nothing.
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { measureFirstLoad } from './bench/first-load.mjs';
import { benchHttp, formatRun, startEmptyFastify } from './bench/http.mjs';
import { benchLighthouse } from './bench/lighthouse.mjs';
import { adminToken, benchMasterData } from './bench/master-data.mjs';
import { benchNotifications } from './bench/notifications.mjs';
import { benchParentJourney } from './bench/parent-journey.mjs';
import { benchPayments } from './bench/payments.mjs';
import { benchRegistrants } from './bench/registrants.mjs';
import { benchReports } from './bench/reports.mjs';
import { fillSeason } from './bench/season.mjs';
import { startServer } from './bench/server.mjs';
import { benchTestScoring } from './bench/test-scoring.mjs';
import { benchTests } from './bench/tests.mjs';
import { buildApiServer, buildFrontEnds } from './lib/build.mjs';
import { ensureInstalled } from './lib/install.mjs';
import { root } from './lib/workspace.mjs';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    only: { type: 'string' },
    season: { type: 'string' },
  },
});
const duration = Number(values.duration);
await ensureInstalled();
await buildFrontEnds();
await buildApiServer();

const rows = [];
const report = (name, value, budget) => {
  rows.push({ name, value, budget });
  console.log(`${name}: ${value}${budget ? `   (budget ${budget})` : ''}`);
};

// `--only notifications`: just the outbox budgets, on a fresh server.
if (values.only === 'notifications') {
  const alone = await startServer({ fresh: true });
  await benchNotifications(alone, report, { adminToken: await adminToken(alone.url) });
  await alone.stop();
  process.exit(0);
}

// `--only payments`: bulk billing and the provider notification endpoint, on a fresh server.
if (values.only === 'payments') {
  const alone = await startServer({ fresh: true });
  await benchPayments(alone, report, { adminToken: await adminToken(alone.url), duration });
  await alone.stop();
  process.exit(0);
}

// `--only reports`: the dashboard, every report and the report exports over 100,000 generated registrants.
if (values.only === 'reports') {
  const alone = await startServer({ fresh: true });
  try {
    await benchReports(alone, report, { adminToken: await adminToken(alone.url) });
  } finally {
    await alone.stop();
  }
  console.table(rows);
  process.exit(0);
}

// `--only tests`: seating a period of 5,000 registrants as a job, on a fresh server.
if (values.only === 'tests') {
  const alone = await startServer({ fresh: true });
  try {
    await benchTests(alone, report, { adminToken: await adminToken(alone.url) });
  } finally {
    await alone.stop();
  }
  console.table(rows);
  process.exit(0);
}

// `--only test-scoring`: the scoring grid's saves, on a fresh server.
if (values.only === 'test-scoring') {
  const alone = await startServer({ fresh: true });
  try {
    await benchTestScoring(alone, report, { adminToken: await adminToken(alone.url) });
  } finally {
    await alone.stop();
  }
  console.table(rows);
  process.exit(0);
}

// Cold start on an empty data directory (initdb/migrations/seed), then a restart on the same one.
const cold = await startServer({ fresh: true });
report('cold start to listening', `${cold.seconds.toFixed(2)} s`);
await cold.stop();
const server = await startServer({ fresh: false, dataDir: cold.dataDir, databaseUrl: cold.databaseUrl });
report('restart to listening', `${server.seconds.toFixed(2)} s`, '≤ 5 s');
// `--season N`: every figure below is taken over a generated mid-season tenant of N registrants.
if (values.season) fillSeason(server, report, Number(values.season));

const empty = await startEmptyFastify(createRequire(`${root}/api/package.json`));
const emptyRun = await benchHttp(`${empty.url}/empty`, { connections: 50, duration });
report('empty Fastify route, 50 conn', formatRun(emptyRun));
const firstPage = await benchHttp(`${server.url}/api/v1/public/first_page`, { connections: 50, duration });
report('GET /public/first_page, 50 conn', formatRun(firstPage), '≥ 3,000 req/s, p99 < 50 ms');
await empty.close();

const load = await measureFirstLoad(server.url);
for (const [part, bytes] of Object.entries(load.byPart)) report(`first load of / — ${part}`, kb(bytes));
report('first load of / — all JavaScript (transferred, compressed)', kb(load.total), '≤ 300 KB');

const admin = await adminToken(server.url);
await benchMasterData(server, report, { duration, adminToken: admin });
await benchParentJourney(server, report, { duration, adminToken: admin });
await benchNotifications(server, report, { adminToken: admin });
await benchRegistrants(server, report, { duration, adminToken: admin });
await benchPayments(server, report, { duration, adminToken: admin });
await benchReports(server, report, { adminToken: admin });
await benchTests(server, report, { adminToken: admin });
await benchTestScoring(server, report, { adminToken: admin });
// Last: Lighthouse's page loads must not share the machine with the load generator.
await benchLighthouse(server.url, report);

await server.stop();
console.log('\nRingkasan:');
console.table(rows);

function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
