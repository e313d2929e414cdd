import crypto from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { type AppDeps, buildApp } from '../src/app';
import { migrate } from '../src/db/migrate';
import { createPool, type Pool } from '../src/db/pool';
import { seedDemo, syncModules } from '../src/db/seed';
import { createHasher } from '../src/lib/password';
import { findRepoRoot } from '../src/lib/root';

export const root = findRepoRoot();
export const MIGRATIONS = path.join(root, 'api/src/db/migrations');
/** Real argon2id, cheaper parameters: the suite stays fast. */
export const testHasher = createHasher({ memoryCost: 4096, timeCost: 1, parallelism: 1 });

export interface TestContext {
  app: FastifyInstance;
  /** The app's own pool (psb_app, row-level security applies). */
  pool: Pool;
  /** Owner connection (bypasses nothing: FORCE RLS applies unless superuser) for setup and assertions. */
  ownerPool: Pool;
  databaseUrl: string;
  close(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** App configuration for tests: a random signing key, no front ends, no SMTP. */
export const testConfig = (): AppDeps['config'] => ({
  jwtSecret: crypto.randomBytes(32).toString('hex'),
  tokenTtl: '12h',
  publicUrl: undefined,
  shellDir: path.join(root, '.no-shell-in-tests'),
  mfeDir: path.join(root, '.no-mfe-in-tests'),
  cspExtraOrigins: [],
  trustProxy: false,
  smtpUrl: undefined,
  mailFrom: 'PSB <test@psb.local>',
});

/** A fresh database for one test file: created, migrated, demo-seeded; dropped by close(). */
export async function setupTestApp(
  overrides: Partial<Omit<AppDeps, 'config' | 'jobs'>> & {
    config?: Partial<AppDeps['config']>;
    /** Run background jobs (pg-boss in the test database). */
    withJobs?: boolean;
  } = {},
) {
  const { withJobs, ...deps } = overrides;
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('DATABASE_URL is not set (the jest global setup should have set it)');
  const name = `psb_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const databaseUrl = withDatabase(base, name);
  await migrate(databaseUrl, MIGRATIONS);
  const ownerPool = createPool(databaseUrl, { as: 'owner', max: 3 });
  await syncModules(ownerPool);
  await seedDemo(ownerPool, testHasher);
  const pool = createPool(databaseUrl, { max: 5 });
  const app = await buildApp({
    pool,
    hasher: testHasher,
    ...(withJobs ? { jobs: jobsFor(databaseUrl) } : {}),
    ...deps,
    config: { ...testConfig(), ...deps.config },
  });
  await app.ready();
  const ctx: TestContext = {
    app,
    pool,
    ownerPool,
    databaseUrl,
    async close() {
      await app.close();
      await pool.end();
      await ownerPool.end();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
  return ctx;
}

/** Background jobs of a test app: quick polling, failures reported on stderr. */
export const jobsFor = (databaseUrl: string): NonNullable<AppDeps['jobs']> => ({
  databaseUrl,
  pollingIntervalSeconds: 0.5,
  log: (m) => process.stderr.write(`[jobs] ${m}\n`),
});

let ipCounter = 0;
/** A distinct client address per call, so the per-IP login limit only bites where a test wants it. */
export const nextIp = () => {
  ipCounter += 1;
  return `10.${(process.pid % 200) + 1}.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

export type Json = Record<string, unknown> & {
  success?: boolean;
  message?: string;
  errors?: Record<string, string>;
  token?: string;
};

export async function call(app: FastifyInstance, opts: InjectOptions & { token?: string }) {
  const { token, headers, ...rest } = opts;
  const res = await app.inject({
    remoteAddress: nextIp(),
    ...rest,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
  let body: Json = {};
  try {
    body = res.json() as Json;
  } catch {
    body = {};
  }
  return { status: res.statusCode, body, headers: res.headers, raw: res.body };
}

/** The api's URL of a path. */
export const api = (path: string) => `/api/v1${path}`;

export const DEMO_PASSWORD = 'demo1234';

export async function loginAs(
  app: FastifyInstance,
  username: string,
  password = DEMO_PASSWORD,
  type: 'user' | 'admin' = 'user',
  headers: Record<string, string> = {},
) {
  const res = await call(app, {
    method: 'POST',
    url: '/api/v1/public/login',
    payload: { username, password, type },
    headers,
  });
  return res;
}

export async function tokenFor(
  app: FastifyInstance,
  username: string,
  type: 'user' | 'admin' = 'user',
  password = DEMO_PASSWORD,
) {
  const res = await loginAs(app, username, password, type);
  if (res.status !== 200 || typeof res.body.token !== 'string') {
    throw new Error(`login of ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body.token;
}

/** A new database on DATABASE_URL's server, migrated (rules included), without an app; `drop()` removes it. */
export async function migratedDatabase() {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('DATABASE_URL is not set (the jest global setup should have set it)');
  const name = `psb_test_${crypto.randomBytes(6).toString('hex')}`;
  const adminQuery = async (text: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(text).finally(() => c.end());
  };
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = withDatabase(base, name);
  await migrate(url, MIGRATIONS);
  return { url, drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
