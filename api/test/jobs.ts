import { type BackgroundJob, jobsResponseSchema } from '@psb/contracts';
import type { FastifyInstance } from 'fastify';
import { api, call } from './helpers';

/**
 * The job once it has finished (done or failed), read from the staff jobs page as the member who started it
 * would; fails the test when it has not finished within `timeoutMs`.
 */
export async function finishedJob(
  t: { app: FastifyInstance; admin: string },
  jobId: number,
  timeoutMs = 60_000,
): Promise<BackgroundJob> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const res = await call(t.app, { method: 'GET', url: api('/jobs'), token: t.admin });
    const job = jobsResponseSchema.parse(res.body).data.find((j) => j.id === jobId);
    if (job && (job.status === 'done' || job.status === 'failed')) return job;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`job ${jobId} did not finish`);
}
