import { type BulkPublish, GRADUATION_MSG } from '@psb/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addProgress, createTrackedJob, JobError, setTrackedTotal } from '../../../jobs/tracking';
import { HttpError } from '../../../lib/http-error';
import type { AuthContext } from '../../../types';
import { kickDelivery } from '../../content';
import { publishOne } from './publish';
import { acceptedStatus } from './repository';

export const PUBLISH_QUEUE = 'graduation.publish';
const CHUNK = 50;

interface PublishJob {
  ids: number[];
  mst_accepted_status_id?: number | undefined;
  result_note?: string | null | undefined;
  /** The publishing staff member as the transition rules need them (checked again per registrant). */
  auth: Pick<AuthContext, 'user' | 'roleModules' | 'audience'>;
}

/**
 * Publishing many results runs as a background job with progress on the jobs screen. Each registrant is its
 * own transaction: one refused (e.g. already withdrawn) is counted as failed and the rest go on, and a retried
 * job finds the ones already published unchanged.
 */
export function definePublishJob(app: FastifyInstance) {
  app.ctx.jobs.define<PublishJob>({
    name: PUBLISH_QUEUE,
    retryLimit: 2,
    concurrency: 1,
    heartbeatSeconds: 30,
    async run(job) {
      const { ids, auth, ...input } = job.data;
      for (let at = 0; at < ids.length && !job.stopping(); at += CHUNK) {
        let ok = 0;
        let failed = 0;
        for (const id of ids.slice(at, at + CHUNK)) {
          try {
            await job.tx((c) => publishOne(c, auth as AuthContext, id, input));
            ok++;
          } catch (err) {
            if (!(err instanceof HttpError)) throw err;
            failed++;
          }
        }
        if (job.trackId) await job.db((c) => addProgress(c, job.trackId!, ok + failed, failed));
        void kickDelivery(app.ctx.jobs, job.tenantId);
      }
      if (job.stopping()) throw new JobError('Dihentikan karena server dimatikan.');
    },
  });
}

/**
 * Starts the job for the registrants the caller can see: the job itself runs for the whole tenant, so the
 * school scope is applied here, on the request's connection (ids of other schools are simply not taken).
 */
export async function publishMany(req: FastifyRequest, body: BulkPublish) {
  const auth = req.auth!;
  const ids = await req.db(async (c) => {
    if (body.mst_accepted_status_id && !(await acceptedStatus(c, body.mst_accepted_status_id)))
      throw new HttpError(400, GRADUATION_MSG.statusMissing, {
        mst_accepted_status_id: GRADUATION_MSG.statusMissing,
      });
    const rows = await c.db
      .selectFrom('registrants')
      .select('id')
      .where('tenant_id', '=', c.tenantId)
      .where('id', 'in', [...new Set(body.ids)])
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute();
    return rows.map((r) => r.id);
  });
  if (ids.length === 0) throw new HttpError(404, 'Calon murid tidak ditemukan.');
  const jobId = await req.tx(async (c) => {
    const id = await createTrackedJob(c, {
      kind: 'graduation.publish',
      label: `Umumkan hasil seleksi ${ids.length} calon murid`,
      requestKey: null,
      params: { total: ids.length },
      createdBy: auth.user.id,
    });
    await setTrackedTotal(c, id, ids.length);
    return id;
  });
  const data: PublishJob = {
    ids,
    mst_accepted_status_id: body.mst_accepted_status_id,
    result_note: body.result_note,
    auth: { user: auth.user, roleModules: auth.roleModules, audience: auth.audience },
  };
  await req.server.ctx.jobs.send(PUBLISH_QUEUE, { tenantId: req.tenant.id, trackId: jobId, data });
  return { job_id: jobId, total: ids.length };
}
