import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { root } from '../lib/workspace.mjs';

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/**
 * Starts the real server as production runs it (the compiled api under node; embedded PostgreSQL unless
 * BENCH_DATABASE_URL is given) and times it to listening.
 */
export async function startServer({
  fresh,
  dataDir,
  databaseUrl = process.env.BENCH_DATABASE_URL ?? '',
  env = {},
}) {
  const dir = fresh ? mkdtempSync(path.join(os.tmpdir(), 'psb-bench-')) : dataDir;
  const port = await freePort();
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean),
      '--enable-source-maps',
      path.join(root, 'api/dist/server.js'),
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'warn',
        // The load generator plays many clients (X-Forwarded-For), as behind a load balancer.
        TRUST_PROXY: 'true',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited during start');
    // Not listening yet, or listening before the tenant exists: either way, wait before asking again.
    const ready = await fetch(`${url}/api/v1/public/theme`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { url, seconds, stop, dataDir: dir, databaseUrl, pid: child.pid };
}
