/**
 * Entry point: configuration → database (DATABASE_URL, else an embedded PostgreSQL under DATA_DIR) →
 * migrations → demo seed on first start → app → listen. In production this runs compiled (`pnpm build`
 * → api/dist/server.js under node); `pnpm dev` runs it from source with tsx.
 *
 * SIGINT/SIGTERM: stop accepting connections, let in-flight requests and running background jobs finish (at
 * most SHUTDOWN_TIMEOUT_MS), then close the pools and the embedded PostgreSQL if this process started it.
 */
import path from 'node:path';
import { buildApp, MIGRATIONS_DIR } from './app';
import { ConfigError, loadConfig, loadSecrets } from './config';
import type { EmbeddedDatabase } from './db/embedded';
import { migrate } from './db/migrate';
import { assertNoRlsBypass, createPool } from './db/pool';
import { createReplica } from './db/replica';
import { DEMO_LOGINS, DEMO_PASSWORD, syncModules } from './db/seed';
import { seedOnStart } from './db/seed-on-start';
import { createHashPool } from './lib/hash-pool';
import { createHasher, DEFAULT_HASH_PARAMS } from './lib/password';
import { createShutdown } from './ops/shutdown';

const started = Date.now();
const say = (m: string) => process.stdout.write(`[psb] ${m}\n`);

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const { startEmbeddedPostgres } = await import('./db/embedded');
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      password: loadSecrets(config.dataDir).pgPassword,
      log: say,
    });
    databaseUrl = embedded.url;
    say(`Embedded PostgreSQL on 127.0.0.1:${embedded.port} (data in ${path.join(config.dataDir, 'pg')})`);
  }

  // One URL: it owns the schema and the runtime pools switch to psb_app. An owner URL apart: DATABASE_URL is
  // the runtime login as it is (psb_runtime, possibly through PgBouncer, which refuses startup options).
  const ownerUrl = config.databaseOwnerUrl ?? databaseUrl;
  const directUrl = config.databaseDirectUrl ?? ownerUrl;
  const runtime = {
    as: config.databaseOwnerUrl ? ('runtime' as const) : ('app' as const),
    preparedStatements: config.databasePreparedStatements,
  };
  const ownerPool = createPool(ownerUrl, { as: 'owner', max: 2 });
  const pool = createPool(databaseUrl, { ...runtime, max: config.databasePoolMax });
  const exportPool = createPool(databaseUrl, { ...runtime, max: config.exportPoolMax });
  const directPool = createPool(directUrl, { max: 2 });
  const replicaUrl = config.databaseReplicaUrl;
  const replicaPools = replicaUrl
    ? [
        createPool(replicaUrl, { ...runtime, max: config.databasePoolMax, connectTimeoutMs: 2000 }),
        createPool(replicaUrl, { ...runtime, max: config.exportPoolMax, connectTimeoutMs: 2000 }),
      ]
    : [];
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  const shutdown = createShutdown({
    app: () => app,
    pools: [pool, exportPool, ownerPool, directPool, ...replicaPools],
    embedded,
    timeoutMs: config.shutdownTimeoutMs,
    log: say,
    exit: (code) => process.exit(code),
  });
  let demo = false;
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    const migrationsDir = path.join(config.rootDir, MIGRATIONS_DIR);
    await migrate(ownerUrl, migrationsDir, say);
    await assertNoRlsBypass(pool, 'The runtime connection (DATABASE_URL)');
    await syncModules(ownerPool);
    const hasher = createHasher(DEFAULT_HASH_PARAMS, createHashPool(config.hashPool));
    demo = await seedOnStart(ownerPool, hasher, { embedded: !!embedded, seedDemo: config.seedDemo }, say);
    await ownerPool.end();

    app = await buildApp({
      config,
      pool,
      directPool,
      exportPool,
      ...(replicaPools[0] && replicaPools[1]
        ? {
            replica: createReplica({
              pool: replicaPools[0],
              exportPool: replicaPools[1],
              maxLagMs: config.databaseReplicaMaxLagMs,
              log: say,
            }),
          }
        : {}),
      exportQueueMax: config.exportQueueMax,
      dashboardCacheMs: config.dashboardCacheMs,
      limits: { loginPerIpPerMinute: config.loginPerIpPerMinute, registerPerIp: config.registerPerIp },
      migrationsDir,
      hasher,
      logger: { level: config.logLevel },
      jobs: { databaseUrl: directUrl, log: say },
    });
    await app.listen({ port: config.port, host: config.host, backlog: config.listenBacklog });
  } catch (err) {
    process.stderr.write(`[psb] Start failed: ${err instanceof Error ? err.message : String(err)}\n`);
    await app?.close().catch(() => {});
    await pool.end().catch(() => {});
    await exportPool.end().catch(() => {});
    await directPool.end().catch(() => {});
    await embedded?.stop().catch(() => {});
    process.exit(1);
  }

  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  say(
    `Ready in ${((Date.now() - started) / 1000).toFixed(1)} s: http://${shown}:${config.port}/  (API docs: /api/docs)`,
  );
  if (demo) say(`Demo logins (password ${DEMO_PASSWORD}):`);
  for (const u of demo ? DEMO_LOGINS : [])
    say(`  ${u.email.padEnd(24)} ${u.role}${u.role === 'user' ? '' : '  → /admin'}`);
}

void main();
