// Issue budget of tests: seating 5,000 submitted registrants of one period into test sessions as the period
// assignment job (its own start and finish), with the schedule message queued for each.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { root } from '../lib/workspace.mjs';
import { embeddedUrl } from './embedded-url.mjs';

const REGISTRANTS = 5_000;
const SESSIONS = 5;

function insertRegistrants(databaseUrl) {
  const tsx = path.join(root, 'api/node_modules/.bin/tsx');
  const r = spawnSync(tsx, ['src/db/bench-registrants.ts', String(REGISTRANTS), 'demo', 'benchtes'], {
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

async function finishedJob(url, token, jobId) {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const job = (await api(url, 'GET', 'jobs', token)).data.find((j) => j.id === jobId);
    if (job.status === 'done' || job.status === 'failed' || Date.now() > deadline) return job;
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function benchTests(server, report, { adminToken }) {
  const databaseUrl = server.databaseUrl || embeddedUrl(server.dataDir);
  const audience = insertRegistrants(databaseUrl);
  const run = Date.now().toString(36);
  const test = await api(server.url, 'POST', 'mst_test', adminToken, { name: `Bench Tes ${run}` });
  const room = await api(server.url, 'POST', 'mst_room', adminToken, {
    name: `Aula Bench ${run}`,
    capacity: 1_200,
  });
  const day = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  for (let i = 0; i < SESSIONS; i++)
    await api(server.url, 'POST', 'mst_test_detail', adminToken, {
      name: `Sesi Bench ${i + 1}`,
      mst_test_id: test.data.id,
      school_period_id: audience.periodId,
      mst_room_id: room.data.id,
      test_date: day,
      start_time: `${String(7 + i).padStart(2, '0')}:00`,
      end_time: `${String(8 + i).padStart(2, '0')}:00`,
      quota: 1_200,
    });
  const started = await api(server.url, 'POST', 'registrant/assign/test/period', adminToken, {
    school_period_id: audience.periodId,
    mst_test_id: test.data.id,
    request_key: crypto.randomUUID(),
  });
  const job = await finishedJob(server.url, adminToken, started.data.id);
  const seconds = (new Date(job.finished_at) - new Date(job.started_at)) / 1000;
  report(
    `period assignment job: ${job.done.toLocaleString('en')} registrants into ${SESSIONS} sessions, messages queued (${job.failed} left without a seat)`,
    `${seconds.toFixed(1)} s`,
    '< 30 s',
  );
}
