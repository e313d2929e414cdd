import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import {
  call,
  MIGRATIONS,
  setupTestApp,
  type TestContext,
  testConfig,
  testHasher,
  tokenFor,
} from '../../test/helpers';
import { buildApp } from '../app';
import { migrate } from './migrate';
import { createPool, type Pool } from './pool';
import { createReplica } from './replica';
import { seedDemo, syncModules } from './seed';

/**
 * Reads that may be a moment behind go to the replica while it is usable; what the caller wrote stays on the
 * primary. The "replica" here is a second database seeded the same way and then made to differ, so each answer
 * shows which side it came from.
 */
let t: TestContext;
let replicaUrl: string;
let replicaPool: Pool;
let deadPool: Pool;
const logged: string[] = [];
const apps: FastifyInstance[] = [];

const appOn = async (pool: Pool) => {
  const app = await buildApp({
    pool: t.pool,
    hasher: testHasher,
    dashboardCacheMs: 0,
    replica: createReplica({ pool, exportPool: pool, maxLagMs: 5000, log: (m) => logged.push(m) }),
    config: testConfig(),
  });
  await app.ready();
  apps.push(app);
  return app;
};

const schoolCount = async (app: FastifyInstance, token: string) => {
  const res = await call(app, { method: 'GET', url: '/api/v1/dashboard/counts', token });
  expect(res.status).toBe(200);
  return (res.body.data as { resource: string; count: number }[]).find((r) => r.resource === 'school')?.count;
};

beforeAll(async () => {
  t = await setupTestApp();
  const name = `psb_test_replica_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(t.databaseUrl);
  u.pathname = `/${name}`;
  replicaUrl = u.toString();
  await migrate(replicaUrl, MIGRATIONS);
  const owner = createPool(replicaUrl, { as: 'owner', max: 3 });
  await syncModules(owner);
  await seedDemo(owner, testHasher);
  // The replica's copy differs from the primary: one school fewer.
  await owner.query('UPDATE schools SET deleted_at = now() WHERE id = (SELECT min(id) FROM schools)');
  await owner.end();
  replicaPool = createPool(replicaUrl, { max: 2 });
  deadPool = createPool('postgresql://psb_runtime@127.0.0.1:1/nowhere', { max: 1, connectTimeoutMs: 500 });
  // Two databases migrated and seeded: longer than one on a busy machine.
}, 120_000);
afterAll(async () => {
  for (const app of apps) await app.close();
  await replicaPool?.end();
  await deadPool?.end();
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${new URL(replicaUrl).pathname.slice(1)} WITH (FORCE)`);
  await admin.end();
  await t?.close();
});

describe('reads on a replica', () => {
  it('the dashboard reads the replica while the caller’s own reads stay on the primary', async () => {
    const app = await appOn(replicaPool);
    const token = await tokenFor(app, 'superadmin@demo.sch.id', 'admin');
    const primary = await call(app, { method: 'GET', url: '/api/v1/schools', token });
    expect(primary.status).toBe(200);
    const listed = (primary.body.data as unknown[]).length;
    expect(listed).toBeGreaterThan(1);
    expect(await schoolCount(app, token)).toBe(listed - 1);
    expect(logged).toContain('replica: reads go to the replica');
  });

  it('a replica that does not answer sends the reads to the primary, and the log says so', async () => {
    const app = await appOn(deadPool);
    const token = await tokenFor(app, 'superadmin@demo.sch.id', 'admin');
    const listed = (
      (await call(app, { method: 'GET', url: '/api/v1/schools', token })).body.data as unknown[]
    ).length;
    expect(await schoolCount(app, token)).toBe(listed);
    const report = await call(app, { method: 'GET', url: '/api/v1/report/dashboard', token });
    expect(report.status).toBe(200);
    expect(
      logged.some((m) => m.startsWith('replica does not answer') && m.endsWith('reads go to the primary')),
    ).toBe(true);
  });
});
