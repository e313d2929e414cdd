import type { FastifyInstance } from 'fastify';
import { call, setupTestApp, type TestContext, testConfig, testHasher, tokenFor } from '../../test/helpers';
import { startPgBouncer, type TestBouncer } from '../../test/pgbouncer';
import { buildApp } from '../app';
import { kyselyOnPool } from './kysely';
import { assertNoRlsBypass, createPool, type Pool, RlsBypassError } from './pool';

/**
 * The app behind PgBouncer in transaction mode, as PostgreSQL runs at scale: one client's consecutive
 * transactions go to different server connections, which other tenants' requests used a moment before. Two
 * foundations' requests run interleaved, and each must see only its own rows.
 */
let t: TestContext;
let bouncer: TestBouncer;
let pool: Pool;
let app: FastifyInstance;

const OTHER = 'yayasanlain';

beforeAll(async () => {
  t = await setupTestApp();
  const owner = kyselyOnPool(t.ownerPool);
  const { id } = await owner
    .insertInto('tenants')
    .values({ slug: OTHER, name: 'Yayasan Lain' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await owner
    .insertInto('school_years')
    .values({
      tenant_id: id,
      name: 'Tahun Yayasan Lain',
      start_date: '2026-07-01',
      end_date: '2027-06-30',
      is_active: true,
    })
    .execute();
  bouncer = await startPgBouncer(process.env.DATABASE_URL!, ['psb_runtime', 'postgres']);
  pool = createPool(bouncer.urlFor(t.databaseUrl, 'psb_runtime'), {
    as: 'runtime',
    preparedStatements: false,
    max: 8,
  });
  app = await buildApp({ pool, hasher: testHasher, config: testConfig() });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await pool?.end();
  await bouncer?.stop();
  await t?.close();
});

describe('two foundations through PgBouncer in transaction mode', () => {
  it('every answer holds only its own foundation’s rows', async () => {
    const demoYear = (await call(t.app, { method: 'GET', url: '/api/v1/public/active_year' })).body
      .school_year as { name: string };
    const token = await tokenFor(app, 'superadmin@demo.sch.id', 'admin');
    const asks = Array.from({ length: 60 }, (_, i) => {
      if (i % 3 === 2)
        return call(app, { method: 'GET', url: '/api/v1/me', token }).then((r) => ({
          ok: r.status === 200,
          own: (r.body.user as { email?: string } | undefined)?.email === 'superadmin@demo.sch.id',
        }));
      const tenant = i % 3 === 0 ? 'demo' : OTHER;
      const expected = tenant === 'demo' ? demoYear.name : 'Tahun Yayasan Lain';
      return call(app, {
        method: 'GET',
        url: '/api/v1/public/active_year',
        headers: { 'x-tenant': tenant },
      }).then((r) => ({
        ok: r.status === 200,
        own: (r.body.school_year as { name?: string } | null)?.name === expected,
      }));
    });
    const answers = await Promise.all(asks);
    expect(answers.filter((a) => a.ok && !a.own)).toHaveLength(0);
    expect(answers.filter((a) => !a.ok)).toHaveLength(0);
  });

  it('a connection leaves a request with no tenant bound', async () => {
    await Promise.all(
      Array.from({ length: 10 }, () => call(app, { method: 'GET', url: '/api/v1/public/active_year' })),
    );
    // A bare query on the pool lands on a server connection those requests used.
    const seen = await Promise.all(
      Array.from({ length: 6 }, () =>
        pool.query<{ tenant: string | null; years: number }>(
          "SELECT current_setting('app.tenant_id', true) AS tenant, (SELECT count(*)::int FROM school_years) AS years",
        ),
      ),
    );
    const left = seen.map((r) => ({ tenant: r.rows[0]!.tenant ?? '', years: r.rows[0]!.years }));
    expect(left).toEqual(seen.map(() => ({ tenant: '', years: 0 })));
  });

  it('the runtime login holds psb_app without startup options; a pooled login that bypasses RLS is refused', async () => {
    const asApp = await pool.query<{ role: string }>('SELECT current_user AS role');
    expect(asApp.rows[0]!.role).toBe('psb_app');
    await expect(assertNoRlsBypass(pool, 'DATABASE_URL')).resolves.toBeUndefined();
    const asOwner = createPool(bouncer.urlFor(t.databaseUrl, 'postgres'), { as: 'runtime', max: 1 });
    try {
      const refusal = assertNoRlsBypass(asOwner, 'DATABASE_URL');
      await expect(refusal).rejects.toBeInstanceOf(RlsBypassError);
      await expect(refusal).rejects.toThrow(
        'DATABASE_URL runs as postgres, which bypasses row-level security',
      );
    } finally {
      await asOwner.end();
    }
  });
});
