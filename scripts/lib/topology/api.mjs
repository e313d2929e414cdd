// The api instances: the compiled server (api/dist/server.js), each on a port of its own.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { root as repo } from '../workspace.mjs';

export const waitReady = async (url, timeoutMs = 120_000) => {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} tidak siap dalam ${timeoutMs / 1000} detik`);
};

/** One api instance, which can be killed outright (SIGKILL) and started again. */
export class ApiInstance {
  constructor(root, port, env) {
    this.port = port;
    this.env = env;
    this.log = path.join(root, `api-${port}.log`);
    this.child = null;
  }
  async start() {
    const out = createWriteStream(this.log, { flags: 'a' });
    this.child = spawn(
      process.execPath,
      ['--enable-source-maps', path.join(repo, 'api', 'dist', 'server.js')],
      {
        cwd: repo,
        env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    this.child.stdout.pipe(out);
    this.child.stderr.pipe(out);
    const exited = new Promise((_, reject) =>
      this.child.once('exit', (code) =>
        reject(new Error(`api :${this.port} berhenti (${code}); lihat ${this.log}`)),
      ),
    );
    exited.catch(() => {});
    await Promise.race([waitReady(`http://127.0.0.1:${this.port}/readyz`), exited]);
  }
  /** Frozen (SIGSTOP): takes no job and answers nothing until resumed; its connections stay open. */
  pause() {
    this.child?.kill('SIGSTOP');
  }
  resume() {
    this.child?.kill('SIGCONT');
  }
  /** Killed without warning: in-flight requests are cut, nothing is finished. */
  kill() {
    return this.#stop('SIGKILL');
  }
  /** A graceful stop: requests and jobs in hand finish first. */
  stop() {
    return this.#stop('SIGTERM');
  }
  #stop(signal) {
    const c = this.child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      c.once('exit', resolve);
      c.kill(signal);
      // A paused process would hold a graceful stop until it runs again.
      c.kill('SIGCONT');
    });
  }
}
