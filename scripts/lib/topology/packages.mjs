// Debian's packages the topology runs on, installed when missing (root, or through sudo).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const PG_BIN = '/usr/lib/postgresql/15/bin';
export const PGBOUNCER = '/usr/sbin/pgbouncer';
export const HAPROXY = '/usr/sbin/haproxy';

const NEEDED = [
  { pkg: 'postgresql-15', file: `${PG_BIN}/initdb` },
  { pkg: 'pgbouncer', file: PGBOUNCER },
  { pkg: 'haproxy', file: HAPROXY },
];

const isRoot = () => process.getuid?.() === 0;

/** The packages whose programs are missing; [] when everything is there. */
export const missingPackages = () => NEEDED.filter((n) => !existsSync(n.file)).map((n) => n.pkg);

/** Whether missing packages could be installed here (root, or sudo without a password). */
export function canInstall() {
  if (missingPackages().length === 0) return true;
  if (isRoot()) return existsSync('/usr/bin/apt-get');
  try {
    execFileSync('sudo', ['-n', 'true'], { stdio: 'ignore' });
    return existsSync('/usr/bin/apt-get');
  } catch {
    return false;
  }
}

/** Installs what is missing with apt-get (its package lists refreshed once when an install fails). */
export function ensurePackages(log = console.log) {
  const missing = missingPackages();
  if (missing.length === 0) return;
  const apt = (args) =>
    execFileSync(isRoot() ? 'apt-get' : 'sudo', isRoot() ? args : ['-n', 'apt-get', ...args], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  log(`Memasang paket Debian: ${missing.join(', ')}`);
  try {
    apt(['install', '-y', '--no-install-recommends', ...missing]);
  } catch {
    apt(['update']);
    apt(['install', '-y', '--no-install-recommends', ...missing]);
  }
}

/**
 * PostgreSQL, PgBouncer and HAProxy do not run as root: as root their commands run as Debian's `postgres`
 * account (created by the postgresql package), else as the current user.
 */
export const asServiceUser = (cmd, args) =>
  isRoot() ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
export const serviceUserOwns = (dir) => {
  if (isRoot()) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
};
