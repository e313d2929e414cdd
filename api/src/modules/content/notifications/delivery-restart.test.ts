import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { appPerFile } from '../../../../test/app-per-file';
import { call, jobsFor, testConfig, testHasher, tokenFor } from '../../../../test/helpers';
import { buildApp } from '../../../app';
import { insertBenchRegistrants } from '../../../db/bench-registrants';
import { createPool } from '../../../db/pool';
import { createWhatsAppSimulator } from '../../../integrations/whatsapp';

jest.setTimeout(180_000);

/**
 * 1,000 messages (half WhatsApp, half e-mail) are each delivered exactly once although the instance sending
 * them stops midway and two fresh instances on the same database finish the work.
 */
const sim = createWhatsAppSimulator();
const extra: { app: FastifyInstance; end: () => Promise<void> }[] = [];

async function counts(jobId: number) {
  const { rows } = await t.ownerPool.query<{ status: string; n: number }>(
    'SELECT status, count(*)::int AS n FROM notifications WHERE job_id = $1 GROUP BY status',
    [jobId],
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n])) as Record<string, number>;
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Another api instance on the same database, with its own pool and job worker. */
async function instance() {
  const pool = createPool(t.databaseUrl, { max: 5 });
  const app = await buildApp({
    pool,
    hasher: testHasher,
    config: testConfig(),
    whatsappSimulator: sim,
    jobs: jobsFor(t.databaseUrl),
  });
  await app.ready();
  const entry = {
    app,
    end: async () => {
      await app.close();
      await pool.end();
    },
  };
  extra.push(entry);
  return entry;
}

const t = appPerFile({
  withJobs: true,
  whatsappSimulator: sim,
  signIn: false,
  beforeClose: async () => {
    for (const e of extra) await e.end().catch(() => {});
  },
});

it('delivers a batch of 1,000 exactly once each across a stop midway and a restart', async () => {
  const audience = await insertBenchRegistrants(t.ownerPool, { count: 1000, prefix: 'sekali' });
  expect(audience.count).toBe(1000);
  const admin = await tokenFor(t.app, 'superadmin@demo.sch.id', 'admin');
  // Slow enough that the first instance is stopped with most of the batch still waiting.
  sim.latencyMs = 25;

  const sent = await call(t.app, {
    method: 'POST',
    url: '/api/v1/config/send_notification',
    token: admin,
    payload: { school_period_id: audience.periodId, status: 'submitted', request_key: crypto.randomUUID() },
  });
  expect(sent.status).toBe(202);
  const { job_id, count } = sent.body.data as { job_id: number; count: number };
  expect(count).toBe(1000);

  await until('the first messages', async () => ((await counts(job_id)).sent ?? 0) >= 50);
  await t.app.close(); // graceful: the batch in hand is finished, the rest stays in the outbox
  const midway = await counts(job_id);
  expect(midway.sent).toBeLessThan(1000);
  expect(midway.sending ?? 0).toBe(0);

  sim.latencyMs = 1;
  const [a, b] = await Promise.all([instance(), instance()]);
  await until('the whole batch', async () => (await counts(job_id)).sent === 1000);

  const { rows: channels } = await t.ownerPool.query<{ channel: string; address: string }>(
    'SELECT channel, address FROM notifications WHERE job_id = $1',
    [job_id],
  );
  const wa = channels.filter((c) => c.channel === 'whatsapp');
  const mail = channels.filter((c) => c.channel === 'email');
  expect(wa).toHaveLength(500);
  expect(mail).toHaveLength(500);

  // WhatsApp: one request per recipient, none twice.
  const waTo = sim.sent.map((s) => s.request.body.to).filter((to) => to.startsWith('62899'));
  expect(waTo).toHaveLength(500);
  expect(new Set(waTo).size).toBe(500);
  // E-mail: the mail adapter's outbox holds one message per recipient.
  const { rows: mails } = await t.ownerPool.query<{ to: string; n: number }>(
    `SELECT "to", count(*)::int AS n FROM mail_outbox WHERE "to" LIKE 'sekali%' GROUP BY "to"`,
  );
  expect(mails).toHaveLength(500);
  expect(mails.every((m) => m.n === 1)).toBe(true);
  // The log: exactly one (successful) attempt per message.
  const { rows: attempts } = await t.ownerPool.query<{ n: number; ok: number }>(
    `SELECT count(*)::int AS n, count(*) FILTER (WHERE outcome = 'sent')::int AS ok
     FROM notification_attempts a JOIN notifications n ON n.tenant_id = a.tenant_id AND n.id = a.notification_id
     WHERE n.job_id = $1`,
    [job_id],
  );
  expect(attempts[0]).toEqual({ n: 1000, ok: 1000 });

  const adminOfA = await tokenFor(a.app, 'superadmin@demo.sch.id', 'admin');
  let job: unknown;
  await until('the job to finish', async () => {
    const jobs = await call(a.app, { method: 'GET', url: '/api/v1/jobs', token: adminOfA });
    job = (jobs.body.data as { id: number }[]).find((j) => j.id === job_id);
    return (job as { status: string }).status === 'done';
  });
  expect(job).toMatchObject({ status: 'done', done: 1000, failed: 0 });
  await Promise.all([a.end(), b.end()]);
});
