// Budgets of the staff registrant list: GET /registrants/admin over 100,000 generated registrants (3 filters,
// sort, page of 25, with the counts per status in the same answer), and the applicants export of them all.
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from '../lib/workspace.mjs';
import { embeddedUrl } from './embedded-url.mjs';
import { measureRegistrantListRoute } from './first-load.mjs';
import { benchHttpWithCpu, formatRun } from './http.mjs';
import { peakRssKb } from './process-memory.mjs';

const pg = createRequire(path.join(root, 'api/package.json'))('pg');

/** States in a plausible mix, with the flags each implies (the registrants_status_flags check holds). */
const GENERATE = `
WITH places AS (
  SELECT row_number() OVER (ORDER BY cp.id) - 1 AS i, cp.tenant_id, sp.school_id, sp.id AS period_id,
         cp.mst_class_id, sp.school_year_id
  FROM class_periods cp
  JOIN school_periods sp ON sp.tenant_id = cp.tenant_id AND sp.id = cp.school_period_id
  JOIN tenants t ON t.id = cp.tenant_id
  WHERE t.slug = 'demo' AND cp.deleted_at IS NULL),
n AS (SELECT count(*) AS c FROM places),
parent AS (
  SELECT u.id FROM users u JOIN tenants t ON t.id = u.tenant_id
  WHERE t.slug = 'demo' AND u.email = 'orangtua@demo.sch.id')
INSERT INTO registrants (tenant_id, user_id, school_id, school_period_id, mst_class_id, school_year_id,
  registration_number, name, status, is_submit, is_verified, is_test, is_accepted, locked, is_internal, created_at)
SELECT p.tenant_id, parent.id, p.school_id, p.period_id, p.mst_class_id, p.school_year_id,
  'BENCH-' || lpad(g::text, 6, '0'), 'Murid Bench ' || g, s.status,
  s.status NOT IN ('draft', 'form_complete'),
  s.status IN ('verified', 'scheduled', 'accepted', 'rejected'),
  s.status = 'scheduled',
  CASE s.status WHEN 'accepted' THEN true WHEN 'rejected' THEN false END,
  s.status NOT IN ('draft', 'form_complete'),
  g % 7 = 0,
  now() - make_interval(days => g % 120, mins => g % 1440)
FROM generate_series($2::int + 1, $2::int + $1::int) g
CROSS JOIN parent CROSS JOIN n
JOIN places p ON p.i = g % n.c
CROSS JOIN LATERAL (SELECT (ARRAY['draft', 'draft', 'draft', 'form_complete', 'submitted', 'submitted',
  'verified', 'scheduled', 'accepted', 'rejected'])[g % 10 + 1] AS status) s`;

/** `count` more generated registrants, numbered on from `from` (registration numbers are unique). */
export async function generate(databaseUrl, count, from = 0) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(GENERATE, [count, from]);
  await client.query('ANALYZE registrants');
  const { rows } = await client.query(
    "SELECT school_period_id AS id FROM registrants WHERE registration_number LIKE 'BENCH-%' GROUP BY 1 ORDER BY count(*) DESC LIMIT 1",
  );
  await client.end();
  return rows[0].id;
}

/**
 * At least `count` generated registrants, whichever bench part made them first (a whole `pnpm bench` run
 * shares one server); resolves the period holding most of them.
 */
export async function generatedAtLeast(databaseUrl, count) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query(
    "SELECT count(*)::int AS n FROM registrants WHERE registration_number LIKE 'BENCH-%'",
  );
  await client.end();
  const made = rows[0].n;
  return generate(databaseUrl, Math.max(0, count - made), made);
}

/**
 * Changes the name of a generated registrant `perSecond` times a second from a connection of its own (as
 * another api instance would), until stopped; resolves the number of changes made.
 */
function changeRegistrants(databaseUrl, count, perSecond) {
  const client = new pg.Client({ connectionString: databaseUrl });
  let running = true;
  let changes = 0;
  const done = (async () => {
    await client.connect();
    const started = performance.now();
    while (running) {
      await client.query(
        `UPDATE registrants SET name = CASE WHEN name LIKE '%*' THEN rtrim(name, ' *') ELSE name || ' *' END
         WHERE tenant_id = (SELECT id FROM tenants WHERE slug = 'demo') AND registration_number = $1`,
        [`BENCH-${String(1 + Math.floor(Math.random() * count)).padStart(6, '0')}`],
      );
      changes += 1;
      const due = started + (changes * 1000) / perSecond;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    }
    await client.end();
    return changes;
  })();
  return {
    stop: () => {
      running = false;
      return done;
    },
  };
}

/** CPU a request cost the api and, when the bench started it, the embedded PostgreSQL. */
const cpuText = (server, cpu) =>
  `CPU a request: api ${cpu.api.toFixed(2)} ms${server.databaseUrl ? '' : `, embedded PostgreSQL ${cpu.children.toFixed(2)} ms`}`;

export async function benchRegistrants(server, report, { duration, adminToken: token, count = 100_000 }) {
  const databaseUrl = server.databaseUrl || embeddedUrl(server.dataDir);
  const periodId = await generatedAtLeast(databaseUrl, count);
  const headers = { authorization: `Bearer ${token}` };
  const listUrl = `${server.url}/api/v1/registrants/admin?school_period_id=${periodId}&status=submitted&is_internal=false&sort=name&order=asc&page=3&limit=25`;
  const { run: list, cpu } = await benchHttpWithCpu(listUrl, server.pid, {
    connections: 50,
    duration,
    headers,
  });
  report(
    `GET /registrants/admin (${count.toLocaleString('en')} registrants, 3 filters+sort+page 25+counts), 50 conn`,
    `${formatRun(list)}; ${cpuText(server, cpu)}`,
    '≥ 1,000 req/s, p99 < 50 ms',
  );

  // The same list while registrants change, as in a busy season (another staff member's actions, parents
  // submitting, payments): each change raises the list's version, so the answers kept before it are not used.
  for (const perSecond of [20, 200]) {
    const writer = changeRegistrants(databaseUrl, count, perSecond);
    const { run, cpu: busy } = await benchHttpWithCpu(listUrl, server.pid, {
      connections: 50,
      duration,
      headers,
    });
    const changes = await writer.stop();
    report(
      `GET /registrants/admin as above, while ${perSecond} registrants change a second`,
      `${formatRun(run)}; ${changes.toLocaleString('en')} changes; ${cpuText(server, busy)}`,
      '≥ 1,000 req/s, p99 < 50 ms',
    );
  }

  const route = await measureRegistrantListRoute(server.url);
  report(
    'staff registrant list opened from the dashboard — JavaScript added (transferred, compressed)',
    `${(route.bytes / 1024).toFixed(1)} KB in ${route.scripts} scripts`,
    '≤ 120 KB',
  );

  const before = peakRssKb(server.pid);
  const started = performance.now();
  const res = await fetch(`${server.url}/api/v1/registrants/export/admin?format=xlsx`, { headers });
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.length;
  const seconds = (performance.now() - started) / 1000;
  report(
    `GET /registrants/export/admin xlsx (${count.toLocaleString('en')}+ rows)`,
    `${seconds.toFixed(2)} s, ${(bytes / 1024 / 1024).toFixed(1)} MB, status ${res.status}, server peak RSS ${Math.round(peakRssKb(server.pid) / 1024)} MB (before ${Math.round(before / 1024)} MB)`,
    '< 15 s, flat memory',
  );
}
