// PgBouncer in transaction mode in front of the primary (`psb`) and the replica (`psb_replica`).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGBOUNCER, serviceUserOwns } from './packages.mjs';

export function startPgBouncer(root, { port, primaryPort, replicaPort }) {
  const dir = path.join(root, 'pgbouncer');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'users.txt'), '"psb_runtime" ""\n');
  const ini = path.join(dir, 'pgbouncer.ini');
  writeFileSync(
    ini,
    [
      '[databases]',
      `psb = host=127.0.0.1 port=${primaryPort} dbname=psb`,
      `psb_replica = host=127.0.0.1 port=${replicaPort} dbname=psb`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      'default_pool_size = 20',
      'max_client_conn = 1000',
      'server_connect_timeout = 3',
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  );
  serviceUserOwns(dir);
  // Its own -u (not runuser), so the process we hold and signal is PgBouncer itself.
  return spawn(PGBOUNCER, [...(process.getuid?.() === 0 ? ['-u', 'postgres'] : []), ini], {
    stdio: 'ignore',
  });
}
