import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, openSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { repoRoot } from './env';

export interface StartedServer {
  pid: number;
  /** The fresh database made on E2E_DATABASE_URL, if the server does not use its embedded one. */
  database?: string;
}

/** A fresh database on the given server (CI's PostgreSQL), or none → the server starts its embedded one. */
async function freshDatabase(baseUrl: string | undefined) {
  if (!baseUrl) return undefined;
  const name = `psb_e2e_${Date.now()}`;
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

async function waitUntilUp(url: string, log: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Server did not answer ${url} within ${timeoutMs} ms (see ${log})`);
}

/** A port nothing listens on now (for a second server of a run, so it cannot collide with another run's). */
export function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The built server (`api/dist/server.js`, the production build) in `dir` on `port`, with the demo tenant seeded
 * and its own copy of the built shell and remotes (tests publish into it); `env` adds or overrides settings.
 */
export async function startServer(port: number, dir: string, env: Record<string, string> = {}) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const mfeDir = path.join(dir, 'mfe');
  const shellDir = path.join(dir, 'shell');
  cpSync(path.join(repoRoot, 'dist', 'mfe'), mfeDir, { recursive: true });
  cpSync(path.join(repoRoot, 'dist', 'shell'), shellDir, { recursive: true });
  const db = await freshDatabase(process.env.E2E_DATABASE_URL);
  const logFile = path.join(dir, 'server.log');
  const log = openSync(logFile, 'w');
  const server = spawn(
    process.execPath,
    ['--enable-source-maps', path.join(repoRoot, 'api', 'dist', 'server.js')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dir, 'data'),
        MFE_DIR: mfeDir,
        SHELL_DIR: shellDir,
        DATABASE_URL: db?.url ?? '',
        // The tests sign in with the demo accounts, on the embedded default and on E2E_DATABASE_URL alike.
        SEED_DEMO: '1',
        LOG_LEVEL: 'warn',
        // Every browser of the run signs in from 127.0.0.1; the per-account limits still apply.
        LOGIN_PER_IP_PER_MINUTE: '1000',
        // Every spec's parents register from this one address within minutes.
        REGISTER_PER_IP_PER_15_MIN: '1000',
        ...env,
      },
      stdio: ['ignore', log, log],
      detached: true,
    },
  );
  server.unref();
  const started: StartedServer = { pid: server.pid!, database: db?.name };
  await waitUntilUp(`http://127.0.0.1:${port}/readyz`, logFile, 90_000);
  return started;
}

/** Stops a server started above (it stops its embedded PostgreSQL cleanly) and drops its fresh database. */
export async function stopServer(server: StartedServer | undefined) {
  if (!server) return;
  try {
    process.kill(server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  for (let i = 0; i < 40; i++) {
    try {
      process.kill(server.pid, 0);
      await new Promise((r) => setTimeout(r, 250));
    } catch {
      break;
    }
  }
  const baseUrl = process.env.E2E_DATABASE_URL;
  if (server.database && baseUrl) {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${server.database} WITH (FORCE)`);
    await client.end();
  }
}
