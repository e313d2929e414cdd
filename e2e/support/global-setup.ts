import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, openSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { E2E_PORT, mfeDir, repoRoot, runDir, shellDir, stateFile } from './env';

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

async function waitUntilUp(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `Server did not answer ${url} within ${timeoutMs} ms (see ${path.join(runDir, 'server.log')})`,
  );
}

export default async function globalSetup() {
  const builtMfe = path.join(repoRoot, 'dist', 'mfe');
  // The run tests the production build: the compiled api under node, not the TypeScript source.
  const serverJs = path.join(repoRoot, 'api', 'dist', 'server.js');
  if (
    !existsSync(path.join(repoRoot, 'dist', 'shell', 'index.html')) ||
    !existsSync(builtMfe) ||
    !existsSync(serverJs)
  )
    throw new Error('Build first: pnpm build (front ends into dist/, the api into api/dist/)');
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(runDir, { recursive: true });
  // Tests publish remotes into this copy, so the repository's dist/ stays as built.
  cpSync(builtMfe, mfeDir, { recursive: true });
  cpSync(path.join(repoRoot, 'dist', 'shell'), shellDir, { recursive: true });
  // The server under test starts its embedded PostgreSQL unless E2E_DATABASE_URL names a server to use.
  const db = await freshDatabase(process.env.E2E_DATABASE_URL);
  const log = openSync(path.join(runDir, 'server.log'), 'w');
  const server = spawn(process.execPath, ['--enable-source-maps', serverJs], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(runDir, 'data'),
      MFE_DIR: mfeDir,
      SHELL_DIR: shellDir,
      DATABASE_URL: db?.url ?? '',
      // The tests sign in with the demo accounts, on the embedded default and on E2E_DATABASE_URL alike.
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      // Every browser of the run signs in from 127.0.0.1; the per-account limits still apply.
      LOGIN_PER_IP_PER_MINUTE: '1000',
    },
    stdio: ['ignore', log, log],
    detached: true,
  });
  writeFileSync(
    stateFile,
    JSON.stringify({ pid: server.pid, database: db?.name, baseUrl: process.env.E2E_DATABASE_URL }),
  );
  server.unref();
  await waitUntilUp(`http://127.0.0.1:${E2E_PORT}/readyz`, 90_000);
}
