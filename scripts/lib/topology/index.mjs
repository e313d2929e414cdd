// `npm run topology` and test:topology: PostgreSQL 15 primary + streaming replica, PgBouncer (transaction
// mode), N api instances and HAProxy in front of them — on this machine, from Debian's packages.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ApiInstance, waitReady } from './api.mjs';
import { startHaproxy } from './haproxy.mjs';
import { ensurePackages } from './packages.mjs';
import { startPgBouncer } from './pgbouncer.mjs';
import { primary, replica } from './postgres.mjs';

const portFree = (port) =>
  new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

const listening = async (port, what) => {
  for (let i = 0; i < 100; i++) {
    if (!(await portFree(port))) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} tidak mendengarkan di port ${port}`);
};

/** One secret for every instance (tokens signed by one are good at the others). */
const sharedSecret = (dir) => {
  const file = path.join(dir, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64'), { mode: 0o600 });
  return readFileSync(file, 'utf8');
};

/**
 * Starts the whole shape. Ports: HAProxy on `port`; PostgreSQL primary, replica, PgBouncer and the api
 * instances on `basePort`+1, +2, +3, +11…. Data lives under `dir` and is kept between runs.
 */
export async function startTopology({
  dir,
  port = 8088,
  basePort = 55400,
  instances = 3,
  log = console.log,
  env = {},
}) {
  ensurePackages(log);
  mkdirSync(dir, { recursive: true });
  const ports = {
    primary: basePort + 1,
    replica: basePort + 2,
    pgbouncer: basePort + 3,
    api: Array.from({ length: instances }, (_, i) => basePort + 11 + i),
  };
  for (const p of [port, ports.primary, ports.replica, ports.pgbouncer, ...ports.api])
    if (!(await portFree(p)))
      throw new Error(`Port ${p} sudah dipakai; pilih lain dengan TOPOLOGY_PORT / TOPOLOGY_BASE_PORT`);
  const stops = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await Promise.resolve(stop()).catch(() => {});
  };
  try {
    log(`PostgreSQL 15 primary :${ports.primary}`);
    const pgPrimary = primary(dir, ports.primary);
    stops.push(() => pgPrimary.stop());
    log(`PostgreSQL 15 replica :${ports.replica} (streaming)`);
    const pgReplica = replica(dir, pgPrimary, ports.replica);
    stops.push(() => pgReplica.stop());
    log(`PgBouncer :${ports.pgbouncer} (transaction mode)`);
    const bouncer = startPgBouncer(dir, {
      port: ports.pgbouncer,
      primaryPort: ports.primary,
      replicaPort: ports.replica,
    });
    stops.push(() => bouncer.kill('SIGINT'));
    await listening(ports.pgbouncer, 'PgBouncer');
    const data = path.join(dir, 'app');
    mkdirSync(data, { recursive: true });
    const apiEnv = {
      DATABASE_URL: `postgresql://psb_runtime@127.0.0.1:${ports.pgbouncer}/psb`,
      DATABASE_OWNER_URL: pgPrimary.ownerUrl,
      DATABASE_DIRECT_URL: pgPrimary.ownerUrl,
      DATABASE_REPLICA_URL: `postgresql://psb_runtime@127.0.0.1:${ports.pgbouncer}/psb_replica`,
      DATABASE_PREPARED_STATEMENTS: 'false',
      // One folder for all: the same generated secrets (payment simulator key) and uploads on one machine.
      DATA_DIR: data,
      JWT_SECRET: sharedSecret(dir),
      TRUST_PROXY: 'true',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      ...env,
    };
    const apis = ports.api.map((p) => new ApiInstance(dir, p, apiEnv));
    stops.push(() => Promise.all(apis.map((a) => a.stop())));
    // The first migrates and seeds; the others then start side by side.
    log(`api :${ports.api.join(', :')}`);
    await apis[0].start();
    await Promise.all(apis.slice(1).map((a) => a.start()));
    log(`HAProxy :${port}`);
    const haproxy = startHaproxy(dir, { port, apiPorts: ports.api });
    stops.push(() => haproxy.kill('SIGTERM'));
    const url = `http://127.0.0.1:${port}`;
    await waitReady(`${url}/readyz`, 30_000);
    return { url, ports, apis, env: apiEnv, primary: pgPrimary, replica: pgReplica, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
