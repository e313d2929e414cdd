import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Debian's PgBouncer (1.18 on bookworm: no prepared-statement tracking in transaction mode). */
export const PGBOUNCER = '/usr/sbin/pgbouncer';

/** A PgBouncer of the test's own, in transaction mode, in front of the server of `databaseUrl`. */
export interface TestBouncer {
  /** `databaseUrl` with the bouncer's address and `user`. */
  urlFor(databaseUrl: string, user: string): string;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

const accepting = async (port: number) => {
  for (let i = 0; i < 100; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`PgBouncer did not listen on ${port}`);
};

/**
 * Starts PgBouncer (installing Debian's package when it is missing and we may) with few server connections per
 * database and user, so consecutive transactions of one client land on different server connections. Users are
 * trusted; the server behind decides (the local test server trusts its users too).
 */
export async function startPgBouncer(serverUrl: string, users: string[]): Promise<TestBouncer> {
  if (!fs.existsSync(PGBOUNCER)) {
    if (process.getuid?.() !== 0)
      throw new Error(`${PGBOUNCER} is missing: sudo apt-get install -y pgbouncer`);
    execFileSync('apt-get', ['install', '-y', 'pgbouncer'], { stdio: 'ignore' });
  }
  const server = new URL(serverUrl);
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psb-pgbouncer-'));
  fs.chmodSync(dir, 0o755);
  fs.writeFileSync(path.join(dir, 'users.txt'), users.map((u) => `"${u}" ""\n`).join(''), { mode: 0o644 });
  fs.writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      'default_pool_size = 2',
      'max_client_conn = 500',
      'ignore_startup_parameters = extra_float_digits',
      '',
    ].join('\n'),
    { mode: 0o644 },
  );
  // PgBouncer refuses to run as root; Debian's package brings the postgres account.
  const asUser = process.getuid?.() === 0 ? ['-u', 'postgres'] : [];
  const child: ChildProcess = spawn(PGBOUNCER, [...asUser, '-q', path.join(dir, 'pgbouncer.ini')], {
    stdio: 'ignore',
  });
  await accepting(port);
  return {
    urlFor(databaseUrl, user) {
      const u = new URL(databaseUrl);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      u.username = user;
      u.password = '';
      return u.toString();
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGINT');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
