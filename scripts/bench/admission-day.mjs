// `pnpm bench --only admission-day`: the opening-minute crowd and results day on one server, in one run.
// (a) the hash floor of this machine at the server's own argon2id cost; (b) 3,000 parents arriving at twice
// the rate the floor sustains; (c) 20,000 result reads in 10 s from 2,000 connections, then the public
// announcement with PostgreSQL stopped. Every budget is printed as a PASS/FAIL line. Traffic goes only to the
// bench server on 127.0.0.1; every part is bounded in count and time.
//
// Per-address limits (sign-in, registration, the public status check) are not raised for the bench: the bench
// server trusts X-Forwarded-For (TRUST_PROXY, as behind a load balancer) and every simulated parent sends its
// own address, as households do, so no limit meant for one address is reached by a crowd of many.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from '../lib/workspace.mjs';
import { runCrowd } from './admission-crowd.mjs';
import { embeddedUrl } from './embedded-url.mjs';
import { measureHashFloor } from './hash-floor.mjs';
import { announcementsWithDatabaseDown, readResults } from './results-day.mjs';
import { percentile, rankCorrelation, verdict } from './stats.mjs';

const PARENTS = 3000;
/** After the last arrival, how long the crowd may take to be served before the rest count as failed. */
const MAX_SECONDS_AFTER_ARRIVALS = 240;
const NO_HASH_STEPS = ['home', 'first_page', 'redeem', 'autosave', 'read_back'];

/** An open registration period of its own, a class with room for the crowd, and a voucher per parent. */
async function prepare(db, count) {
  const one = async (text, values) => (await db.query(text, values)).rows[0];
  const { id: tenantId } = await one("SELECT id FROM tenants WHERE slug = 'demo'");
  const { id: yearId } = await one(
    'SELECT id FROM school_years WHERE tenant_id = $1 AND is_active ORDER BY id LIMIT 1',
    [tenantId],
  );
  const { school_id: schoolId, class_id: classId } = await one(
    `SELECT g.school_id, k.id AS class_id FROM mst_classes k
       JOIN mst_grades g ON g.tenant_id = k.tenant_id AND g.id = k.mst_grade_id
      WHERE k.tenant_id = $1 AND g.school_id IS NOT NULL ORDER BY k.id LIMIT 1`,
    [tenantId],
  );
  const tag = Date.now().toString(36).toUpperCase();
  const { id: periodId } = await one(
    `INSERT INTO school_periods (tenant_id, school_id, school_year_id, name, start_date, end_date, quota)
     VALUES ($1, $2, $3, $4, (now() AT TIME ZONE 'Asia/Jakarta')::date - 1, (now() AT TIME ZONE 'Asia/Jakarta')::date + 30, $5)
     RETURNING id`,
    [tenantId, schoolId, yearId, `Gelombang Antre ${tag}`, count * 2],
  );
  await db.query(
    'INSERT INTO class_periods (tenant_id, school_period_id, mst_class_id, quota) VALUES ($1, $2, $3, $4)',
    [tenantId, periodId, classId, count * 2],
  );
  const { rows } = await db.query(
    `INSERT INTO mst_tokens (tenant_id, token, school_year_id, school_id)
     SELECT $1, 'Q' || $4 || lpad(i::text, 5, '0'), $2, $3 FROM generate_series(1, $5::int) i
     RETURNING token`,
    [tenantId, yearId, schoolId, tag, count],
  );
  return { tenantId, schoolId, classId, periodId, vouchers: rows.map((r) => r.token).sort() };
}

/** A hash the server wrote: a parent registered through the api, its stored password hash read back. */
async function serverHash(url, db) {
  const email = `lantai-${Date.now()}@contoh.id`;
  const res = await fetch(`${url}/api/v1/public/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.59.0.1' },
    body: JSON.stringify({ name: 'Uji Lantai', email, password: 'rahasia123' }),
  });
  if (res.status !== 201) throw new Error(`register for the hash floor: ${res.status}`);
  const { rows } = await db.query('SELECT password_hash FROM users WHERE email = $1', [email]);
  return rows[0].password_hash;
}

const ms = (v) => `${Number.isNaN(v) ? '-' : Math.round(v)} ms`;

export async function benchAdmissionDay(server, report, { adminToken }) {
  const pg = createRequire(`${root}/api/package.json`)('pg');
  const db = new pg.Client({ connectionString: server.databaseUrl || embeddedUrl(server.dataDir) });
  await db.connect();
  try {
    // (a) The hash floor, measured before the crowd on the same machine.
    const floor = await measureHashFloor(await serverHash(server.url, db), 'rahasia123');
    report(
      `admission day: argon2id verifications/s on ${floor.cores} cores at the server's cost`,
      `${floor.perSecond.toFixed(0)} hashes/s → hash floor ${floor.floorPerMinute.toFixed(0)} parents/min (÷ 3 × 60)`,
    );

    // (b) The crowd at twice the rate the floor sustains.
    const data = await prepare(db, PARENTS);
    const perSecond = (2 * floor.floorPerMinute) / 60;
    const crowd = await runCrowd(server.url, {
      count: PARENTS,
      perSecond,
      maxSeconds: MAX_SECONDS_AFTER_ARRIVALS,
      ...data,
    });
    reportCrowd(report, crowd, floor, perSecond);

    // (c) Results day over the parents just served, then the announcements with PostgreSQL stopped.
    const served = crowd.records.filter((r) => r.registrant).map((r) => r.registrant);
    await publishResults(db, data.tenantId, served);
    const reads = await readResults(server.url, served.slice(0, 2000));
    report(
      'results day: 20,000 result reads in 10 s, 2,000 connections',
      `${reads.total} reads in ${reads.seconds.toFixed(1)} s, p50 ${reads.p50} ms, p99 ${reads.p99} ms, errors ${reads.errors}`,
      'p99 < 200 ms, 0 errors',
    );
    report(
      'results day budget',
      verdict(reads.total >= 20000 && reads.seconds <= 11 && reads.p99 < 200 && reads.errors === 0),
    );
    await db.end().catch(() => {});
    const down = await announcementsWithDatabaseDown(server, adminToken, pgPid(server));
    report(
      'announcements with PostgreSQL stopped',
      `${down.ok}/${down.total} answered 200 from the snapshot`,
      'all',
    );
    report('announcements with PostgreSQL stopped budget', verdict(down.total > 0 && down.ok === down.total));
  } finally {
    await db.end().catch(() => {});
  }
}

function reportCrowd(report, crowd, floor, perSecond) {
  const { records, latencies } = crowd;
  const served = records.filter((r) => r.doneAt !== undefined);
  const failed = records.length - served.length;
  const lost = served.reduce((n, r) => n + r.lost, 0);
  const waited = records.filter((r) => r.waits > 0).length;
  const noHash = NO_HASH_STEPS.flatMap((s) => latencies[s] ?? []);
  const noHashP99 = percentile(noHash, 99);
  const lastDone = Math.max(...served.map((r) => r.doneAt));
  const perMinute = (served.length / ((lastDone - crowd.started) / 1000)) * 60;
  const share = perMinute / floor.floorPerMinute;
  const admitted = served.map((r) => r.admittedAt);
  const correlation = rankCorrelation(
    served.map((r) => r.i),
    admitted,
  );
  const errors = [...new Set(records.filter((r) => r.error).map((r) => r.error))].slice(0, 5);

  report(
    `admission day: ${records.length} parents arriving at ${perSecond.toFixed(1)}/s (twice the floor's rate)`,
    `served ${served.length}, failed ${failed}${errors.length ? ` (${errors.join('; ')})` : ''}, waited in line ${waited}, ${crowd.seconds.toFixed(0)} s in all`,
  );
  for (const step of ['home', 'first_page', 'register', 'redeem', 'autosave', 'read_back'])
    report(
      `admission day: ${step}`,
      `${(latencies[step] ?? []).length} calls, p50 ${ms(percentile(latencies[step] ?? [], 50))}, p99 ${ms(percentile(latencies[step] ?? [], 99))}`,
    );
  report('admission day: 0 failed', verdict(failed === 0));
  report('admission day: acknowledged writes lost', `${lost} ${verdict(lost === 0)}`, '0');
  report(
    'admission day: p99 of calls that cost no hash',
    `${ms(noHashP99)} ${verdict(noHashP99 < 300)}`,
    '< 300 ms',
  );
  report(
    'admission day: parents served/min vs hash floor',
    `${perMinute.toFixed(0)}/min = ${(share * 100).toFixed(0)} % of ${floor.floorPerMinute.toFixed(0)} ${verdict(share >= 0.8)}`,
    '≥ 80 %',
  );
  report(
    'admission day: rank correlation of admission vs arrival',
    `${correlation.toFixed(3)} ${verdict(correlation >= 0.95)}`,
    '≥ 0.95',
  );
}

/** Results published for the served registrants straight in the database, as the results-day job does. */
async function publishResults(db, tenantId, served) {
  const { rows } = await db.query(
    `INSERT INTO mst_accepted_statuses (tenant_id, name, is_accepted, is_reserve)
     VALUES ($1, $2, true, false) RETURNING id`,
    [tenantId, `Lulus Antre ${Date.now().toString(36)}`],
  );
  await db.query(
    `UPDATE registrants SET mst_accepted_status_id = $1, result_published_at = now(), status = 'accepted',
            is_submit = true, is_verified = true, is_accepted = true, locked = true
      WHERE tenant_id = $2 AND id = ANY($3::int[])`,
    [rows[0].id, tenantId, served.map((s) => s.id)],
  );
}

/** The embedded PostgreSQL's postmaster (first line of postmaster.pid under the server's data directory). */
function pgPid(server) {
  if (server.databaseUrl) return null;
  return Number(readFileSync(path.join(server.dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
}
