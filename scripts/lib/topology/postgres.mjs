// The PostgreSQL 15 primary and its streaming replica: clusters of their own under the topology's folder.
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { asServiceUser, PG_BIN, serviceUserOwns } from './packages.mjs';

const run = (cmd, args, opts = {}) => {
  const [c, a] = asServiceUser(`${PG_BIN}/${cmd}`, args);
  return execFileSync(c, a, { stdio: ['ignore', 'pipe', 'pipe'], ...opts }).toString();
};

const settings = (port, dir) =>
  [
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${dir}'`,
    'wal_level = replica',
    'max_wal_senders = 5',
    'hot_standby = on',
    'max_connections = 200',
    'shared_buffers = 128MB',
    'fsync = on',
    '',
  ].join('\n');

export class Cluster {
  constructor(dir, port) {
    this.dir = dir;
    this.port = port;
    this.data = path.join(dir, 'data');
  }
  get ownerUrl() {
    return `postgresql://postgres@127.0.0.1:${this.port}/psb`;
  }
  start() {
    run('pg_ctl', ['-D', this.data, '-l', path.join(this.dir, 'postgres.log'), '-w', '-t', '60', 'start']);
  }
  /** `fast`: connections are ended, the cluster shuts down cleanly (what stopping a replica mid-run does). */
  stop() {
    if (existsSync(path.join(this.data, 'postmaster.pid')))
      run('pg_ctl', ['-D', this.data, '-m', 'fast', '-w', 'stop']);
  }
}

/** A primary cluster with database `psb`, created on first use (trust on 127.0.0.1: a local topology). */
export function primary(root, port) {
  const dir = path.join(root, 'primary');
  const c = new Cluster(dir, port);
  if (!existsSync(path.join(c.data, 'PG_VERSION'))) {
    mkdirSync(dir, { recursive: true });
    serviceUserOwns(dir);
    run('initdb', ['-D', c.data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    appendFileSync(path.join(c.data, 'postgresql.conf'), settings(port, dir));
    appendFileSync(path.join(c.data, 'pg_hba.conf'), 'host replication postgres 127.0.0.1/32 trust\n');
    c.start();
    run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'psb']);
    return c;
  }
  c.start();
  return c;
}

/** A streaming replica of `from`, made with pg_basebackup on first use. */
export function replica(root, from, port) {
  const dir = path.join(root, 'replica');
  const c = new Cluster(dir, port);
  if (!existsSync(path.join(c.data, 'PG_VERSION'))) {
    mkdirSync(dir, { recursive: true });
    serviceUserOwns(dir);
    run('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(from.port),
      '-U',
      'postgres',
      '-D',
      c.data,
      '-R',
      '-X',
      'stream',
      // An immediate checkpoint: the default spreads it over minutes of an idle primary.
      '-c',
      'fast',
    ]);
    writeFileSync(path.join(c.data, 'postgresql.auto.conf'), '', { flag: 'a' });
    appendFileSync(path.join(c.data, 'postgresql.conf'), settings(port, dir));
    serviceUserOwns(dir);
  }
  c.start();
  return c;
}
