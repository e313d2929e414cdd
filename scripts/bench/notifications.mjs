// Issue budgets of the outbox: enqueueing 10,000 messages for a filtered audience (the request that asks for
// it, one INSERT … SELECT) and delivering them through the built-in simulators (WhatsApp and the e-mail
// outbox), measured from the job's own start and finish as the api records them.
import crypto from 'node:crypto';
import { embeddedUrl } from './embedded-url.mjs';
import { api, insertBenchRegistrants } from './staff-api.mjs';

const AUDIENCE = 10_000; // parents, half with a phone (WhatsApp), half e-mail only, one submitted registrant each

export async function benchNotifications(server, report, { adminToken }) {
  const audience = insertBenchRegistrants(
    server.databaseUrl || embeddedUrl(server.dataDir),
    AUDIENCE,
    'benchnotif',
  );
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
