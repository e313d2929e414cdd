import type { AssignPeriod } from '@psb/contracts';
import { ASSIGN_MSG } from '@psb/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  addProgress,
  createTrackedJob,
  JobError,
  setTrackedTotal,
  trackedJobByRequestKey,
} from '../../../jobs/tracking';
import { notFound } from '../../../lib/http-error';
import { kickDelivery } from '../../content';
import { placeAuto, scheduledTests } from '../seats';
import { nextUnseated, periodBacklog, periodVisible } from './repository';

export const ASSIGN_QUEUE = 'tests.assign_period';
/** Registrants seated per transaction: the sessions stay locked for one batch only. */
const BATCH = 1000;

interface PeriodJob {
  periodId: number;
  testIds: number[];
  notify: boolean;
  userId: number | null;
}

/**
 * Seating a whole period runs as a background job with progress: per test type, batches of the next
 * registrants without a seat (in order of submission) are placed into the earliest sessions with room. When
 * every session is full the rest are counted as failed (left without a seat). A retried job picks up where
 * it stopped: whoever is seated is skipped.
 */
export function defineAssignJobs(app: FastifyInstance) {
  const { jobs } = app.ctx;
  jobs.define<PeriodJob>({
    name: ASSIGN_QUEUE,
    retryLimit: 2,
    concurrency: 1,
    heartbeatSeconds: 30,
    async run(job) {
      const d = job.data;
      let placedAny = false;
      for (const testId of d.testIds) {
        for (;;) {
          if (job.stopping()) throw new JobError('Dihentikan karena server dimatikan.');
          const step = await job.tx(async (c) => {
            const ids = await nextUnseated(c, d.periodId, testId, BATCH);
            if (ids.length === 0) return { asked: 0, placed: 0, left: 0 };
            const o = await placeAuto(c, {
              periodId: d.periodId,
              testId,
              registrantIds: ids,
              userId: d.userId,
              notify: d.notify,
            });
            const left = o.placed.length < ids.length ? await periodBacklog(c, d.periodId, [testId]) : 0;
            if (job.trackId) await addProgress(c, job.trackId, o.placed.length + left, left);
            return { asked: ids.length, placed: o.placed.length, left };
          });
          if (step.placed) placedAny = true;
          if (step.asked === 0 || step.left > 0 || step.placed === 0) break;
        }
      }
      if (placedAny && d.notify) void kickDelivery(jobs, job.tenantId);
    },
  });
}

/** Starts (or, for the same request key, finds) the job seating a period; 404 for a period out of reach. */
export async function startPeriodJob(req: FastifyRequest, body: AssignPeriod) {
  const key = body.request_key ? `tests.assign:${body.request_key}` : null;
  if (key) {
    const earlier = await req.db((c) => trackedJobByRequestKey(c, key));
    if (earlier) return { job_id: earlier.id, total: earlier.total };
  }
  const { jobId, total, testIds } = await req.tx(async (c) => {
    const period = await periodVisible(c, body.school_period_id);
    if (!period) throw notFound();
    const testIds = body.mst_test_id ? [body.mst_test_id] : await scheduledTests(c, period.id);
    const total = await periodBacklog(c, period.id, testIds);
    const id = await createTrackedJob(c, {
      kind: 'tests.assign_period',
      label: `Jadwalkan tes calon murid ${period.name}`,
      requestKey: key,
      params: { school_period_id: period.id, mst_test_ids: testIds },
      createdBy: req.auth?.user.id ?? null,
    });
    await setTrackedTotal(c, id, total);
    return { jobId: id, total, testIds };
  });
  if (total > 0)
    await req.server.ctx.jobs.send<PeriodJob>(ASSIGN_QUEUE, {
      tenantId: req.tenant.id,
      trackId: jobId,
      data: {
        periodId: body.school_period_id,
        testIds,
        notify: body.send_notification ?? true,
        userId: req.auth?.user.id ?? null,
      },
    });
  return { job_id: jobId, total, message: ASSIGN_MSG.bulkStarted };
}

/** A tracked assignment job (progress for the staff screen). */
export async function jobStatus(req: FastifyRequest, id: number) {
  const row = await req.db((c) =>
    c.db
      .selectFrom('background_jobs')
      .select(['id', 'status', 'total', 'done', 'failed', 'error'])
      .where('tenant_id', '=', c.tenantId)
      .where('id', '=', id)
      .where('kind', '=', 'tests.assign_period')
      .executeTakeFirst(),
  );
  if (!row) throw notFound();
  return { ...row, status: row.status as 'queued' | 'running' | 'done' | 'failed' };
}
