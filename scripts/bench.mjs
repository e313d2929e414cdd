// `pnpm bench`: measured figures for the budgets of the issues. Starts the real server on a fresh data set,
// drives it with autocannon, loads `/` in Chromium and runs Lighthouse (mobile profile) on `/`, `/home` and
// `/admin/dashboard`. Prints figures; it asserts nothing.
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { benchAdmissionDay } from './bench/admission-day.mjs';
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
import { benchTestResults } from './bench/test-results.mjs';
import { benchTestScoring } from './bench/test-scoring.mjs';
import { benchTests } from './bench/tests.mjs';
import { benchTopology } from './bench/topology.mjs';
import { benchVerificationQueue } from './bench/verification-queue.mjs';
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

// `--only <part>`: one part's budgets on a fresh server (the parts below, by name).
const parts = {
  'master-data': benchMasterData,
  'parent-journey': benchParentJourney,
  notifications: benchNotifications,
  registrants: benchRegistrants,
  payments: benchPayments,
  reports: benchReports,
  tests: benchTests,
  'test-scoring': benchTestScoring,
  'test-results': benchTestResults,
  // Staff opening the next waiting document over 20,000 registrants with 100,000 document versions.
  'verification-queue': benchVerificationQueue,
  // The staff list and the autosave through HAProxy, 3 instances and PgBouncer, against this single process.
  topology: benchTopology,
  // The opening-minute crowd and results day; it stops PostgreSQL at its end, so it runs only alone.
  'admission-day': benchAdmissionDay,
  // Page loads on the mobile profile; in the full run it goes last, off a machine busy with load generation.
  lighthouse: (server, report) => benchLighthouse(server.url, report),
};
if (values.only) {
  const part = parts[values.only];
  if (!part) {
    console.error(`Bagian tidak dikenal: ${values.only}. Pilih salah satu: ${Object.keys(parts).join(', ')}`);
    process.exit(2);
  }
  const alone = await startServer({ fresh: true });
  try {
    if (values.season) fillSeason(alone, report, Number(values.season));
    await part(alone, report, {
      adminToken: await adminToken(alone.url),
      duration,
      season: Boolean(values.season),
    });
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
for (const [name, part] of Object.entries(parts))
  if (name !== 'lighthouse')
    await part(server, report, { duration, adminToken: admin, season: Boolean(values.season) });
await parts.lighthouse(server, report);

await server.stop();
console.log('\nRingkasan:');
console.table(rows);

function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
