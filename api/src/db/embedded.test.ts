import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clearStaleLock, isOurPostmaster, makeReachable } from './embedded';

const hasProc = fs.existsSync('/proc/self/cmdline');
const children: ChildProcess[] = [];
let dir: string;

/** A harmless long-running shell whose command line looks like whatever the test needs. */
function fakeProcess(argv0: string, args: string[], cwd = os.tmpdir()): number {
  const child = spawn('sh', ['-c', 'sleep 30; :', ...args], { argv0, cwd, stdio: 'ignore' });
  children.push(child);
  return child.pid!;
}
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psb-pg-'));
});
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

(hasProc ? describe : describe.skip)('stopping a PostgreSQL left by a crash', () => {
  it('recognises only the postmaster of this data directory', async () => {
    await new Promise((r) => setTimeout(r, 100));
    const ours = fakeProcess('/opt/pg/bin/postgres', ['-D', dir]);
    const otherCluster = fakeProcess('/opt/pg/bin/postgres', ['-D', os.tmpdir()]);
    const notPostgres = fakeProcess('sh', ['postgres', '-D', dir]);
    await new Promise((r) => setTimeout(r, 100));
    expect(isOurPostmaster(ours, dir)).toBe(true);
    expect(isOurPostmaster(otherCluster, dir)).toBe(false);
    expect(isOurPostmaster(notPostgres, dir)).toBe(false);
  });

  it('leaves an unrelated process alone and removes the stale pid file', async () => {
    const bystander = fakeProcess('sh', ['postgres-notes.txt']);
    await new Promise((r) => setTimeout(r, 100));
    fs.writeFileSync(path.join(dir, 'postmaster.pid'), `${bystander}\n${dir}\n0\n5432\n`);
    await clearStaleLock(dir);
    expect(alive(bystander)).toBe(true);
    expect(fs.existsSync(path.join(dir, 'postmaster.pid'))).toBe(false);
  });

  it('stops the orphaned postmaster of this data directory', async () => {
    const orphan = fakeProcess('/opt/pg/bin/postgres', ['-D', dir]);
    await new Promise((r) => setTimeout(r, 100));
    fs.writeFileSync(path.join(dir, 'postmaster.pid'), `${orphan}\n${dir}\n0\n5432\n`);
    await clearStaleLock(dir);
    // Fast shutdown first, SIGKILL when it lingers (this shell waits out its sleep before acting on SIGINT).
    const child = children.find((c) => c.pid === orphan)!;
    if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once('exit', r));
    expect(['SIGINT', 'SIGKILL']).toContain(child.signalCode);
  });
});

describe('a checkout inside a private folder', () => {
  it('lets other users pass through every folder above the cluster, without letting them list any', () => {
    const folders = ['private', 'private/checkout', 'private/checkout/.data'].map((f) => path.join(dir, f));
    fs.mkdirSync(folders[2]!, { recursive: true });
    for (const f of folders) fs.chmodSync(f, 0o700);
    makeReachable(folders[2]!);
    expect(folders.map((f) => (fs.statSync(f).mode & 0o777).toString(8))).toEqual(['701', '701', '701']);
  });
});
