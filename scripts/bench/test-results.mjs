// Bulk publication of results: a generated session of 1,000 seated registrants who sat the test, all
// published "accepted" at once through POST /registrant/bulk/publish (the background job: state change,
// publication time, audit and the parent's message in the outbox, one transaction per registrant). Reports
// the job's own run time and the time from the request to the job's end, as registrants per second.
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from '../lib/workspace.mjs';
import { embeddedUrl } from './embedded-url.mjs';
import { api, finishedJob, insertBenchRegistrants } from './staff-api.mjs';

const pg = createRequire(path.join(root, 'api/package.json'))('pg');

const REGISTRANTS = 1_000;
const TAG = 'benchhasil';

/** The generated registrants as tested, seated in one new session; answers their ids and an accepted status. */
async function testedSession(databaseUrl) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const one = async (text, values = []) => (await c.query(text, values)).rows[0];
    const { rows } = await c.query(
      `UPDATE registrants SET status = 'tested', is_verified = true, is_test = true
       WHERE registration_number LIKE $1 RETURNING id, tenant_id, school_id, school_period_id`,
      [`${TAG.toUpperCase()}-%`],
    );
    const { tenant_id: tenant, school_id: school, school_period_id: period } = rows[0];
    const { room } = await one(
      "INSERT INTO mst_rooms (tenant_id, school_id, name, capacity) VALUES ($1, $2, 'Aula Bench Hasil', 2000) RETURNING id AS room",
      [tenant, school],
    );
    const { test } = await one('SELECT id AS test FROM mst_tests WHERE tenant_id = $1 ORDER BY id LIMIT 1', [
      tenant,
    ]);
    const { session } = await one(
      `INSERT INTO mst_test_details (tenant_id, name, mst_test_id, school_period_id, mst_room_id, test_date,
         start_time, end_time, quota, used_quota)
       VALUES ($1, 'Sesi Bench Hasil', $2, $3, $4, '2027-01-21', '08:00', '12:00', 2000, $5) RETURNING id AS session`,
      [tenant, test, period, room, rows.length],
    );
    await c.query(
      `INSERT INTO registrant_tests (tenant_id, registrant_id, school_id, mst_test_detail_id, mst_test_id, assign_method)
       SELECT $1, unnest($2::int[]), $3, $4, $5, 'auto'`,
      [tenant, rows.map((r) => r.id), school, session, test],
    );
    const { status } = await one(
      'SELECT id AS status FROM mst_accepted_statuses WHERE tenant_id = $1 AND is_accepted ORDER BY id LIMIT 1',
      [tenant],
    );
    await c.query('ANALYZE registrants; ANALYZE registrant_tests');
    return { ids: rows.map((r) => r.id), status };
  } finally {
    await c.end();
  }
}

export async function benchTestResults(server, report, { adminToken }) {
  const databaseUrl = server.databaseUrl || embeddedUrl(server.dataDir);
  insertBenchRegistrants(databaseUrl, REGISTRANTS, TAG);
  const { ids, status } = await testedSession(databaseUrl);
  const asked = performance.now();
  const started = await api(server.url, 'POST', 'registrant/bulk/publish', adminToken, {
    ids,
    mst_accepted_status_id: status,
  });
  const job = await finishedJob(server.url, adminToken, started.data.job_id);
  const wall = (performance.now() - asked) / 1000;
  const run = (new Date(job.finished_at) - new Date(job.started_at)) / 1000;
  const rate = (s) => `${Math.round(job.done / s).toLocaleString('en')} registrants/s`;
  report(
    `bulk result publish job: ${job.done.toLocaleString('en')} of ${ids.length.toLocaleString('en')} registrants of one session (${job.failed} refused, status ${job.status})`,
    `${run.toFixed(1)} s in the job (${rate(run)}), ${wall.toFixed(1)} s from the request`,
  );
}
