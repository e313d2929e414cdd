import { sql } from 'kysely';
import type { TenantConn } from '../db/tenant-db';
import { HttpError } from '../lib/http-error';

/**
 * The staff-visible side of background work (`background_jobs`): one row per piece of work a person asked
 * for, with its progress and, when it failed, the reason in Indonesian.
 */

/** An error whose message is already meant for staff (Indonesian). */
export class JobError extends Error {}

export function jobErrorMessage(err: unknown): string {
  if (err instanceof JobError || err instanceof HttpError) return err.message;
  const detail = err instanceof Error ? err.message : String(err);
  return `Terjadi kesalahan tak terduga (${detail.slice(0, 200)}).`;
}

export interface NewTrackedJob {
  kind: string;
  label: string;
  requestKey: string | null;
  params: Record<string, unknown>;
  createdBy: number | null;
  total?: number;
  /** 'running' for work that started with the request that asked for it. */
  status?: 'queued' | 'running';
}

export async function createTrackedJob({ db, tenantId }: TenantConn, job: NewTrackedJob) {
  const row = await db
    .insertInto('background_jobs')
    .values({
      tenant_id: tenantId,
      kind: job.kind,
      label: job.label,
      request_key: job.requestKey,
      params: JSON.stringify(job.params),
      created_by: job.createdBy,
      total: job.total ?? 0,
      status: job.status ?? 'queued',
      ...(job.status === 'running' ? { started_at: sql<Date>`now()` } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function trackedJobByRequestKey({ db, tenantId }: TenantConn, requestKey: string) {
  return db
    .selectFrom('background_jobs')
    .select(['id', 'total'])
    .where('tenant_id', '=', tenantId)
    .where('request_key', '=', requestKey)
    .executeTakeFirst();
}

/** Sets how many items the job has; a job with none is done at once. */
export async function setTrackedTotal({ db, tenantId }: TenantConn, id: number, total: number) {
  await db
    .updateTable('background_jobs')
    .set(total === 0 ? { total, status: 'done', finished_at: sql<Date>`now()` } : { total })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function markRunning({ db, tenantId }: TenantConn, id: number, attempt: number) {
  await db
    .updateTable('background_jobs')
    .set({
      status: 'running',
      attempts: attempt,
      started_at: sql<Date>`coalesce(started_at, now())`,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .execute();
}

export async function markFinished({ db, tenantId }: TenantConn, id: number) {
  await db
    .updateTable('background_jobs')
    .set({ status: 'done', done: sql<number>`total`, error: null, finished_at: sql<Date>`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** A failure that will be retried leaves the job queued, with the reason and that it will be tried again. */
export async function markFailed({ db, tenantId }: TenantConn, id: number, message: string, final: boolean) {
  await db
    .updateTable('background_jobs')
    .set(
      final
        ? { status: 'failed', error: message, finished_at: sql<Date>`now()` }
        : { status: 'queued', error: `${message} Akan dicoba lagi otomatis.` },
    )
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

const JOB_COLUMNS = [
  'id',
  'kind',
  'label',
  'status',
  'total',
  'done',
  'failed',
  'attempts',
  'error',
  'created_at',
  'started_at',
  'finished_at',
] as const;

type JobRow = NonNullable<Awaited<ReturnType<typeof trackedJobOfKind>>>;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A job row as the staff screens read it (statuses narrowed, times in ISO). */
export const jobView = (r: JobRow) => ({
  ...r,
  status: r.status as 'queued' | 'running' | 'done' | 'failed',
  created_at: r.created_at.toISOString(),
  started_at: iso(r.started_at),
  finished_at: iso(r.finished_at),
});

/** One job of the kinds a module asks about (`kindPrefix`, e.g. `payments.`), so it never reads another's. */
export function trackedJobOfKind({ db, tenantId }: TenantConn, id: number, kindPrefix: string) {
  return db
    .selectFrom('background_jobs')
    .select(JOB_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('kind', 'like', `${kindPrefix}%`)
    .executeTakeFirst();
}

export function listTrackedJobs({ db, tenantId }: TenantConn, limit: number) {
  return db
    .selectFrom('background_jobs')
    .select(JOB_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Counts finished items of a running job (the staff screen shows done/failed of total). */
export async function addProgress({ db, tenantId }: TenantConn, id: number, done: number, failed: number) {
  await db
    .updateTable('background_jobs')
    .set({ done: sql<number>`done + ${done}`, failed: sql<number>`failed + ${failed}` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}
