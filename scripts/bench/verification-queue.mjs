// `pnpm bench --only verification-queue`: the staff's document verification queue over 20,000 generated
// registrants holding 100,000 document versions. A verifier opens the next waiting document (the queue's head,
// then that registrant's documents beside their data) and accepts it, again and again; several verifiers work
// at once. Budget: opening the next document takes < 300 ms at p95.
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from '../lib/workspace.mjs';
import { embeddedUrl } from './embedded-url.mjs';
import { generatedAtLeast } from './registrants.mjs';
import { percentile, verdict } from './stats.mjs';

const pg = createRequire(path.join(root, 'api/package.json'))('pg');

const REGISTRANTS = 20_000;
const VERIFIERS = 5;
const OPENS_PER_VERIFIER = 60;

/**
 * Five versions per generated registrant: the photo once; the birth certificate and the family card each
 * rejected once and sent again. Of the current versions about half wait, the rest are decided.
 */
const DOCUMENTS = `
WITH r AS (
  SELECT tenant_id, id, row_number() OVER (ORDER BY id) AS n FROM registrants
   WHERE registration_number LIKE 'BENCH-%' AND tenant_id = (SELECT id FROM tenants WHERE slug = 'demo')
   ORDER BY id LIMIT $1),
v AS (
  SELECT r.tenant_id, r.id, r.n, f.folder, g.version, g.version = f.versions AS is_current
    FROM r
    CROSS JOIN (VALUES ('photo', 1), ('akta', 2), ('kk', 2)) f (folder, versions)
    CROSS JOIN LATERAL generate_series(1, f.versions) g (version))
INSERT INTO registrant_document_versions
  (tenant_id, registrant_id, folder, version, is_current, file_key, name, type, size, uploaded_at, state, reason,
   decided_at)
SELECT tenant_id, id, folder, version, is_current, 'bench/' || id || '/' || folder || '/' || version,
       folder || '.jpg', 'image/jpeg', 120000,
       now() - make_interval(days => (n % 60)::int, mins => (n % 1440)::int) + make_interval(hours => version),
       s.state, CASE s.state WHEN 'rejected' THEN 'Gambar buram' END,
       CASE WHEN s.state <> 'waiting' THEN now() END
  FROM v
  CROSS JOIN LATERAL (SELECT CASE
    WHEN NOT is_current THEN 'rejected'
    WHEN (n + length(folder)) % 10 < 5 THEN 'waiting'
    WHEN (n + length(folder)) % 10 < 9 THEN 'accepted'
    ELSE 'rejected' END AS state) s`;

/** Registrants of the generator (the full run's registrant part made 100,000 already: 20,000 of them). */
async function generateDocuments(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await generatedAtLeast(databaseUrl, REGISTRANTS);
    await client.query(DOCUMENTS, [REGISTRANTS]);
    await client.query('ANALYZE registrant_document_versions');
    const { rows } = await client.query(
      `SELECT count(*)::int AS versions, count(*) FILTER (WHERE is_current AND state = 'waiting')::int AS waiting
         FROM registrant_document_versions`,
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

/** One verifier: open the queue's head and its registrant's documents, accept it, and on to the next. */
async function verifier(url, headers, opens, skip) {
  const timings = [];
  let errors = 0;
  for (let i = 0; i < opens; i++) {
    const started = performance.now();
    // Verifiers working at once each take their own place in the queue (as the screen's list lets them).
    const queue = await fetch(`${url}/api/v1/registrants/documents/queue?limit=${skip + 1}`, { headers });
    const head = queue.ok ? (await queue.json()).data.at(-1) : undefined;
    if (!head) {
      errors++;
      continue;
    }
    const docs = await fetch(`${url}/api/v1/registrant/documents/${head.registrant_id}`, { headers });
    if (!docs.ok) errors++;
    await docs.arrayBuffer();
    timings.push(performance.now() - started);
    const accepted = await fetch(
      `${url}/api/v1/registrant/documents/${head.registrant_id}/${head.folder}/accept`,
      { method: 'PUT', headers },
    );
    // Two verifiers may reach the same document: the second one's decision is refused, which is right.
    if (!accepted.ok && accepted.status !== 409) errors++;
    await accepted.arrayBuffer();
  }
  return { timings, errors };
}

export async function benchVerificationQueue(server, report, { adminToken }) {
  const databaseUrl = server.databaseUrl || embeddedUrl(server.dataDir);
  const counts = await generateDocuments(databaseUrl);
  report(
    'verification queue: data',
    `${REGISTRANTS.toLocaleString('en')} registrants, ${counts.versions.toLocaleString('en')} document versions, ${counts.waiting.toLocaleString('en')} waiting`,
  );
  const headers = { authorization: `Bearer ${adminToken}` };
  const runs = await Promise.all(
    Array.from({ length: VERIFIERS }, (_, i) => verifier(server.url, headers, OPENS_PER_VERIFIER, i)),
  );
  const timings = runs.flatMap((r) => r.timings);
  const errors = runs.reduce((n, r) => n + r.errors, 0);
  const p95 = percentile(timings, 95);
  report(
    `verification queue: open the next document (queue head + documents), ${VERIFIERS} verifiers`,
    `${timings.length} opens, p50 ${Math.round(percentile(timings, 50))} ms, p95 ${Math.round(p95)} ms, errors ${errors}`,
    'p95 < 300 ms',
  );
  report('verification queue budget', verdict(timings.length > 0 && p95 < 300 && errors === 0));
}
