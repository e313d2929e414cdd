/**
 * No GET (nor HEAD, which Fastify answers with the GET handler) changes state: every GET route of the app's route
 * table is called with plausible ids, as the superadmin and as a parent, and every table's rows are compared
 * before and after each route. A link checker or a prefetcher holding a session must never change anything.
 */
import type { Pool } from 'pg';
import { appPerFile } from '../../test/app-per-file';
import { call } from '../../test/helpers';
import { demo, newRegistrant } from '../../test/parent-journey';

// Every GET route, twice, with a snapshot of every table around each: the route table grows with the product.
jest.setTimeout(180_000);
const t = appPerFile();

/**
 * Tables a read may legitimately write (an access log, a counter of reads), each with its reason. Reads write
 * no audit row, rate limits count sign-ins and writes only, and caches are kept in memory.
 */
const READ_LOGS = new Set<string>([
  // The access log of sensitive answers: staff shown a health, income or special-needs answer are recorded
  // by the read that shows it, for the family's own data download.
  'sensitive_views',
]);

/** One checksum per table of the app's schema, in one statement. */
async function checksums(pool: Pool): Promise<Map<string, string>> {
  const { rows: tables } = await pool.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY 1`,
  );
  const parts = tables
    .filter((x) => !READ_LOGS.has(x.name))
    .map(
      (x) =>
        `SELECT '${x.name}' AS name, md5(coalesce(string_agg(md5(r::text), '' ORDER BY md5(r::text)), '')) AS sum
         FROM "${x.name}" r`,
    );
  const { rows } = await pool.query<{ name: string; sum: string }>(parts.join(' UNION ALL '));
  return new Map(rows.map((r) => [r.name, r.sum]));
}

const changed = (a: Map<string, string>, b: Map<string, string>) =>
  [...a].filter(([name, sum]) => b.get(name) !== sum).map(([name]) => name);

/** Every way to fill a route's path parameters with the values plausible for each. */
function urlsOf(url: string, values: Record<string, string[]>): string[] {
  let urls = [url];
  for (const [, name] of url.matchAll(/:(\w+)/g)) {
    const options = values[name!] ?? values.id!;
    urls = urls.flatMap((u) => options.map((v) => u.replace(`:${name}`, v)));
  }
  return urls;
}

describe('GET and HEAD never change state', () => {
  it('every GET route of the route table, as superadmin and as a parent, leaves every table as it was', async () => {
    const d = await demo(t);
    const r = await newRegistrant(t);
    const parent = (
      await t.ownerPool.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [r.parent.email])
    ).rows[0]!.id;
    const ids = [...new Set(['1', '2', '3', String(r.id), String(parent)])];
    const values: Record<string, string[]> = {
      id: ids,
      // Two roles (or records) of the tenant, both ways round.
      a: ['1', '2', '3'],
      b: ['1', '2', '3'],
      x: [String(d.year_id), 'T000000'],
      folder: ['photo'],
      key: ['faq', 'welcome'],
      file: [`${'0'.repeat(40)}.png`],
      product: ['dapodik'],
      charge_id: ['1'],
    };
    const callers = [
      { who: 'superadmin', token: t.admin, methods: ['GET', 'HEAD'] as const },
      { who: 'parent', token: r.parent.token, methods: ['GET', 'HEAD'] as const },
    ];
    const routes = t.app.routeAccess.filter((x) => x.method === 'GET');
    expect(routes.length).toBeGreaterThan(100);
    const writers: string[] = [];
    let before = await checksums(t.ownerPool);
    for (const route of routes) {
      for (const url of urlsOf(route.url, values))
        for (const c of callers)
          for (const method of c.methods) await call(t.app, { method, url, token: c.token });
      const after = await checksums(t.ownerPool);
      const tables = changed(before, after);
      if (tables.length) writers.push(`${route.url}: ${tables.join(', ')}`);
      before = after;
    }
    expect(writers).toEqual([]);
  });
});
