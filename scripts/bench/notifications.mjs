// Issue budgets of the outbox: enqueueing 10,000 messages for a filtered audience (the request that asks for
// it, one INSERT … SELECT) and delivering them through the built-in simulators (WhatsApp and the e-mail
// outbox), measured from the job's own start and finish as the api records them.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { root } from '../lib/workspace.mjs';
import { embeddedUrl } from './embedded-url.mjs';

const AUDIENCE = 10_000;

/** 10,000 parents (half with a phone: WhatsApp; half e-mail only), one submitted registrant each. */
function insertAudience(databaseUrl) {
  const tsx = path.join(root, 'api/node_modules/.bin/tsx');
  const r = spawnSync(tsx, ['src/db/bench-registrants.ts', String(AUDIENCE), 'demo', 'benchnotif'], {
    cwd: path.join(root, 'api'),
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error('bench registrants failed');
  return JSON.parse(r.stdout.trim().split('\n').at(-1));
}

async function api(url, method, pathName, token, body) {
  const res = await fetch(`${url}/api/v1/${pathName}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const data = await res.json();
  if (!res.ok) throw new Error(`${pathName}: ${res.status} ${data.message}`);
  return data;
}

export async function benchNotifications(server, report, { adminToken }) {
  const audience = insertAudience(server.databaseUrl || embeddedUrl(server.dataDir));
  const filter = { school_period_id: audience.periodId, status: 'submitted', tanggal: '2026-12-07' };
  const preview = await api(server.url, 'POST', 'config/send_notification/preview', adminToken, filter);

  const started = performance.now();
  const sent = await api(server.url, 'POST', 'config/send_notification', adminToken, {
    ...filter,
    request_key: crypto.randomUUID(),
  });
  const enqueueMs = performance.now() - started;
  report(
    `enqueue ${sent.data.count.toLocaleString('en')} notifications (POST /config/send_notification, answered 202)`,
    `${(enqueueMs / 1000).toFixed(2)} s`,
    '< 5 s',
  );

  const deadline = Date.now() + 10 * 60_000;
  let job;
  for (;;) {
    job = (await api(server.url, 'GET', 'jobs', adminToken)).data.find((j) => j.id === sent.data.job_id);
    if (job.status === 'done' || job.status === 'failed' || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const seconds = (new Date(job.finished_at) - new Date(job.started_at)) / 1000;
  report(
    `outbox delivery of ${job.done.toLocaleString('en')} messages through the simulators (${job.failed} failed, preview said ${preview.data.count})`,
    `${Math.round(job.done / seconds)} msgs/s (${seconds.toFixed(1)} s)`,
    '≥ 200 msgs/s',
  );
}
