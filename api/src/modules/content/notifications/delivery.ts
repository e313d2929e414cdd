import type { FastifyInstance } from 'fastify';
import { kyselyOnPool } from '../../../db/kysely';
import { EVERY_SCHOOL, withTenant } from '../../../db/tenant-db';
import type { JobRun } from '../../../jobs/runtime';
import { DELIVER_QUEUE, kickDelivery } from './outbox';
import {
  type ClaimedMessage,
  claimDue,
  hasDue,
  nextDue,
  recordFailure,
  recordSent,
  refreshJobProgress,
} from './repository';

/**
 * Messages claimed at once. Each success is recorded as soon as its channel accepts it, so a process killed
 * outright can leave only the sends in flight at that moment (one per lane) unrecorded; those are sent again
 * once their lease expires. A graceful stop finishes what it holds.
 */
const BATCH = 50;
/** A claim a worker never finished (it crashed) is taken over after this long. */
const LEASE_SECONDS = 120;
const PROGRESS_EVERY_MS = 1000;
/** Retries due within this long are waited for in the same run; later ones are left to the sweep. */
const WAIT_IN_RUN_MS = 10_000;

async function mapLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]!);
  });
  await Promise.all(lanes);
}

/**
 * The outbox's delivery: one run per tenant at a time (a stately pg-boss queue keyed by tenant) takes due
 * messages in batches, sends each through its channel and records the outcome with the attempt in the log.
 * A failed send is retried with a doubling wait, then marked failed with the reason. On stop the run ends
 * after its current batch; the rest stays in the outbox for the next run (here or on another instance).
 */
export function defineDelivery(app: FastifyInstance) {
  const { jobs, mailer, whatsapp, delivery, pool } = app.ctx;

  const send = (tenantId: number, m: ClaimedMessage): Promise<string> =>
    m.channel === 'whatsapp'
      ? whatsapp.send(m.address, `*${m.subject}*\n\n${m.body}`)
      : mailer.send({ tenantId, to: m.address, subject: m.subject, text: m.body }).then(() => `mail-${m.id}`);

  async function deliverOne(job: JobRun<unknown>, m: ClaimedMessage) {
    let providerId: string;
    try {
      providerId = await send(job.tenantId, m);
    } catch (err) {
      const reason = (err instanceof Error ? err.message : String(err)).slice(0, 500) || 'Pengiriman gagal.';
      const retryIn =
        m.attempts >= delivery.maxAttempts ? null : delivery.retryBaseMs * 2 ** (m.attempts - 1);
      await job.db((c) => recordFailure(c, m, reason, retryIn));
      return;
    }
    await job.db((c) => recordSent(c, m.id, providerId));
  }

  jobs.define({
    name: DELIVER_QUEUE,
    stately: true,
    heartbeatSeconds: 30,
    concurrency: 2,
    retryLimit: 5,
    retryDelaySeconds: 2,
    async run(job) {
      // Progress of the jobs these messages belong to: counted at most once a second (a count per batch
      // would cost more than the sending), and always before waiting and at the end of the run.
      const touched = new Set<number>();
      let countedAt = Date.now();
      const countProgress = async (now: boolean) => {
        if (touched.size === 0 || (!now && Date.now() - countedAt < PROGRESS_EVERY_MS)) return;
        const ids = [...touched];
        touched.clear();
        countedAt = Date.now();
        await job.db((c) => refreshJobProgress(c, ids));
      };
      try {
        while (!job.stopping()) {
          const batch = await job.db((c) => claimDue(c, BATCH, LEASE_SECONDS));
          if (batch.length === 0) {
            await countProgress(true);
            const next = await job.db((c) => nextDue(c));
            const wait = next ? next.getTime() - Date.now() : Number.POSITIVE_INFINITY;
            if (wait > WAIT_IN_RUN_MS) break;
            await new Promise((r) => setTimeout(r, Math.max(wait, 20)));
            continue;
          }
          await mapLimit(batch, delivery.concurrency, (m) => deliverOne(job, m));
          for (const m of batch) if (m.job_id !== null) touched.add(m.job_id);
          await countProgress(false);
        }
      } finally {
        await countProgress(true);
      }
    },
  });

  /** Every tenant with due messages gets a delivery run (after a restart, a lost kick, a far retry). */
  async function sweep() {
    const tenants = await kyselyOnPool(pool).selectFrom('tenants').select('id').execute();
    for (const { id } of tenants) {
      const due = await withTenant(pool, id, (c) => hasDue(c), EVERY_SCHOOL);
      if (due) await kickDelivery(jobs, id);
    }
  }
  jobs.onStarted(sweep);
  jobs.every('notifications.sweep', '* * * * *', sweep);
}
