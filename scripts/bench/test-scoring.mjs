// Budget of the scoring grid: saving ≥ 500 score rows/s through POST /registrant_test_score. A session of
// 600 seated registrants × 4 subjects is generated, then scored the way grids save: batches of 50 cells, one
// batch at a time per grid, with 1 grid and with 4 grids side by side; every cell is then sent again with a
// changed score (updates, not inserts).
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from '../lib/workspace.mjs';
import { embeddedUrl } from './embedded-url.mjs';

const pg = createRequire(path.join(root, 'api/package.json'))('pg');

const SEATS = 600;
const SUBJECTS = 4;
const BATCH = 50;

/** A session of the demo's first period in a fresh room, its subjects, and SEATS registrants seated in it. */
async function generateSession(databaseUrl) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const one = async (text, values = []) => (await c.query(text, values)).rows[0];
  const { tenant } = await one("SELECT id AS tenant FROM tenants WHERE slug = 'demo'");
  const p = await one(
    `SELECT sp.id, sp.school_id, sp.school_year_id, cp.mst_class_id FROM school_periods sp
     JOIN class_periods cp ON cp.tenant_id = sp.tenant_id AND cp.school_period_id = sp.id
     WHERE sp.tenant_id = $1 AND sp.deleted_at IS NULL ORDER BY sp.id LIMIT 1`,
    [tenant],
  );
  const { user } = await one(
    "SELECT id AS user FROM users WHERE tenant_id = $1 AND email = 'orangtua@demo.sch.id'",
    [tenant],
  );
  const { room } = await one(
    "INSERT INTO mst_rooms (tenant_id, school_id, name, capacity) VALUES ($1, $2, 'Aula Bench Nilai', 1000) RETURNING id AS room",
    [tenant, p.school_id],
  );
  const { test } = await one('SELECT id AS test FROM mst_tests WHERE tenant_id = $1 ORDER BY id LIMIT 1', [
    tenant,
  ]);
  const { session } = await one(
    `INSERT INTO mst_test_details (tenant_id, name, mst_test_id, school_period_id, mst_room_id, test_date,
       start_time, end_time, quota, used_quota)
     VALUES ($1, 'Sesi Bench Nilai', $2, $3, $4, '2027-01-20', '08:00', '12:00', 1000, $5) RETURNING id AS session`,
    [tenant, test, p.id, room, SEATS],
  );
  const subjects = [];
  for (let i = 1; i <= SUBJECTS; i++) {
    const { id } = await one(
      `INSERT INTO mst_subjects (tenant_id, name) VALUES ($1, $2)
       ON CONFLICT (tenant_id, name) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
      [tenant, `Mapel Bench ${i}`],
    );
    subjects.push(id);
    await c.query(
      `INSERT INTO mst_test_detail_subjects (tenant_id, mst_test_detail_id, mst_subject_id, sort_order)
       VALUES ($1, $2, $3, $4)`,
      [tenant, session, id, i],
    );
  }
  const { rows } = await c.query(
    `WITH r AS (
       INSERT INTO registrants (tenant_id, user_id, school_id, school_period_id, mst_class_id, school_year_id,
         registration_number, name, status, is_submit, locked)
       SELECT $1, $2, $3, $4, $5, $6, 'NILAI-' || lpad(g::text, 5, '0'), 'Peserta Bench ' || g, 'submitted', true, true
       FROM generate_series(1, $7::int) g RETURNING id)
     INSERT INTO registrant_tests (tenant_id, registrant_id, school_id, mst_test_detail_id, mst_test_id, assign_method)
     SELECT $1, r.id, $3, $8, $9, 'auto' FROM r RETURNING id`,
    [tenant, user, p.school_id, p.id, p.mst_class_id, p.school_year_id, SEATS, session, test],
  );
  await c.end();
  return { seats: rows.map((r) => r.id), subjects };
}

/** Sends `batches` one after another (one grid); answers the rows saved. */
async function grid(url, headers, batches) {
  let rows = 0;
  for (const scores of batches) {
    const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ scores }) });
    if (res.status !== 200) throw new Error(`POST /registrant_test_score: ${res.status} ${await res.text()}`);
    rows += scores.length;
  }
  return rows;
}

export async function benchTestScoring(server, report, { adminToken: token }) {
  const databaseUrl = server.databaseUrl || embeddedUrl(server.dataDir);
  const { seats, subjects } = await generateSession(databaseUrl);
  const url = `${server.url}/api/v1/registrant_test_score`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const cells = (offset) =>
    seats.flatMap((seat, i) =>
      subjects.map((subject, j) => ({
        registrant_test_id: seat,
        mst_subject_id: subject,
        score: ((i * 7 + j * 13 + offset) % 10001) / 100,
      })),
    );
  const chunk = (list) =>
    Array.from({ length: Math.ceil(list.length / BATCH) }, (_, k) => list.slice(k * BATCH, (k + 1) * BATCH));

  for (const [label, grids, offset] of [
    ['1 grid, inserts', 1, 0],
    ['1 grid, updates', 1, 1],
    ['4 grids, updates', 4, 2],
  ]) {
    const batches = chunk(cells(offset));
    const lanes = Array.from({ length: grids }, (_, g) => batches.filter((_, k) => k % grids === g));
    const started = performance.now();
    const saved = (await Promise.all(lanes.map((lane) => grid(url, headers, lane)))).reduce(
      (a, b) => a + b,
      0,
    );
    const seconds = (performance.now() - started) / 1000;
    report(
      `POST /registrant_test_score, ${label} (${saved} rows in batches of ${BATCH})`,
      `${Math.round(saved / seconds).toLocaleString('en')} rows/s`,
      '≥ 500 rows/s',
    );
  }
}
