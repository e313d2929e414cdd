// What several bench parts need from the running server: generated registrants written straight into its
// database, staff calls with a bearer token, and waiting for a background job to end.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from '../lib/workspace.mjs';

/**
 * `count` submitted registrants (with their parents; half with a phone) in a new period of the demo tenant,
 * tagged `tag`, through api/src/db/bench-registrants.ts; answers what that script prints (e.g. periodId).
 */
export function insertBenchRegistrants(databaseUrl, count, tag) {
  const tsx = path.join(root, 'api/node_modules/.bin/tsx');
  const r = spawnSync(tsx, ['src/db/bench-registrants.ts', String(count), 'demo', tag], {
    cwd: path.join(root, 'api'),
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error('bench registrants failed');
  return JSON.parse(r.stdout.trim().split('\n').at(-1));
}

/** One staff call; a refusal throws with the server's message. */
export async function api(url, method, pathName, token, body) {
  const res = await fetch(`${url}/api/v1/${pathName}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const data = await res.json();
  if (!res.ok) throw new Error(`${pathName}: ${res.status} ${data.message}`);
  return data;
}

/** The job as the jobs page shows it once it is done or failed (or after ten minutes). */
export async function finishedJob(url, token, jobId) {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const job = (await api(url, 'GET', 'jobs', token)).data.find((j) => j.id === jobId);
    if (job.status === 'done' || job.status === 'failed' || Date.now() > deadline) return job;
    await new Promise((r) => setTimeout(r, 250));
  }
}
