// Issue budgets of the staff console: a list of 10,000 rows (filter + sort + page of 25), the streamed
// export of 100,000 rows, and the list again while 20 slow clients download exports.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from '../lib/workspace.mjs';
import { embeddedUrl } from './embedded-url.mjs';
import { benchHttp, formatRun } from './http.mjs';
import { peakRssKb } from './process-memory.mjs';
import { benchListWithSlowExports } from './slow-exports.mjs';

const pg = createRequire(path.join(root, 'api/package.json'))('pg');

function insertRows(databaseUrl, resource, count, prefix) {
  const tsx = path.join(root, 'api/node_modules/.bin/tsx');
  const r = spawnSync(tsx, ['src/db/bench-data.ts', resource, String(count), 'demo', prefix], {
    cwd: path.join(root, 'api'),
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`bench data for ${resource} failed`);
}

export async function adminToken(url) {
  const res = await fetch(`${url}/api/v1/public/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'superadmin@demo.sch.id', password: 'demo1234', type: 'admin' }),
  });
  return (await res.json()).token;
}

/** The list query the engine runs, timed straight against PostgreSQL (as the app's role, tenant bound). */
async function rawSqlMs(databaseUrl, gradeId) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(
    "SET ROLE psb_app; SELECT set_config('app.tenant_id', (SELECT id::text FROM tenants WHERE slug = 'demo'), false)",
  );
  const sql = `SELECT c.id, c.name, g.name AS grade, count(*) OVER () AS total
    FROM mst_classes c JOIN mst_grades g ON g.tenant_id = c.tenant_id AND g.id = c.mst_grade_id
    WHERE c.deleted_at IS NULL AND c.mst_grade_id = $1 ORDER BY c.name, c.id LIMIT 25 OFFSET 50`;
  for (let i = 0; i < 50; i++) await client.query(sql, [gradeId]);
  const runs = 500;
  const started = performance.now();
  for (let i = 0; i < runs; i++) await client.query(sql, [gradeId]);
  const ms = (performance.now() - started) / runs;
  await client.end();
  return ms;
}

/** Sessions inside an export's cursor transaction, sampled every 200 ms for 2 s (the highest count). */
async function exportTransactions(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let most = 0;
  for (let i = 0; i < 10; i++) {
    const { rows } = await client.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE pid <> pg_backend_pid() AND state <> 'idle' AND (query LIKE 'FETCH%' OR query LIKE 'DECLARE export_rows%')`,
    );
    most = Math.max(most, rows[0].n);
    await new Promise((r) => setTimeout(r, 200));
  }
  await client.end();
  return most;
}

export async function benchMasterData(server, report, { duration, adminToken: token }) {
  const databaseUrl = server.databaseUrl || embeddedUrl(server.dataDir);
  insertRows(databaseUrl, 'mst_class', 10_000, 'Bench');
  const headers = { authorization: `Bearer ${token}` };
  const grades = await (await fetch(`${server.url}/api/v1/mst_grades?page_size=100`, { headers })).json();
  const gradeId = grades.data[0].id;
  const listUrl = `${server.url}/api/v1/mst_classes?mst_grade_id=${gradeId}&sort_column=name&sort_value=asc&page=3&page_size=25`;
  const list = await benchHttp(listUrl, { connections: 50, duration, headers });
  report(
    'GET /mst_classes (10,000 rows, filter+sort+page 25), 50 conn',
    formatRun(list),
    '≥ 2,000 req/s, p99 < 50 ms',
  );
  report(
    '  same query straight on PostgreSQL (one connection, mean)',
    `${(await rawSqlMs(databaseUrl, gradeId)).toFixed(2)} ms`,
  );

  insertRows(databaseUrl, 'mst_item', 100_000, 'Export');
  const before = peakRssKb(server.pid);
  const started = performance.now();
  const res = await fetch(`${server.url}/api/v1/mst_items/export?format=xlsx`, { headers });
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.length;
  const seconds = (performance.now() - started) / 1000;
  report(
    'GET /mst_items/export xlsx (100,000+ rows)',
    `${seconds.toFixed(2)} s, ${(bytes / 1024 / 1024).toFixed(1)} MB, server peak RSS ${Math.round(peakRssKb(server.pid) / 1024)} MB (before ${Math.round(before / 1024)} MB)`,
    '< 10 s, flat memory',
  );

  await benchListWithSlowExports(report, {
    exportUrl: `${server.url}/api/v1/mst_items/export?format=csv`,
    listUrl,
    headers,
    duration,
    exportTransactions: () => exportTransactions(databaseUrl),
  });
}
