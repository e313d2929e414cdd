import type { CreateBill } from '@psb/contracts';
import type { FastifyInstance } from 'fastify';
import { EVERY_SCHOOL, type TenantConn, withTenantTx } from '../../db/tenant-db';
import type { JobRun } from '../../jobs/runtime';
import {
  addProgress,
  createTrackedJob,
  JobError,
  setTrackedTotal,
  trackedJobByRequestKey,
} from '../../jobs/tracking';
import { HttpError } from '../../lib/http-error';
import type { ServiceContext } from '../../service-context';
import { kickDelivery } from '../content';
import { createBill, publishBill } from './bills';
import { createBills } from './bulk-bills';
import { openChargesInBulk } from './charges';

export const BULK_QUEUE = 'payments.bulk';
const CHUNK = 50;
/** Bills worked on at once: charges wait on the provider, so a few in flight keep the job busy. */
const PARALLEL = 6;
/** Billing a period: registrants per transaction, chunks worked on at once, provider calls in flight per chunk. */
const GENERATE_CHUNK = 100;
const GENERATE_WORKERS = 3;
const CHARGES_IN_FLIGHT = 16;

type GenerateData = {
  kind: 'generate';
  registrantIds: number[];
  options: CreateBill;
  userId: number | null;
};
type BulkData = { kind: 'publish'; ids: number[]; notify: boolean; userId: number | null } | GenerateData;

/**
 * Bulk work on bills runs as a background job (its progress on the jobs screen): publishing many bills, or
 * billing every registrant of a period and opening their charges. One failure (e.g. a registrant already
 * billed) is counted and the rest go on; a retried job skips what is done.
 */
export function defineBulkJobs(app: FastifyInstance) {
  const { jobs } = app.ctx;
  jobs.define<BulkData>({
    name: BULK_QUEUE,
    retryLimit: 2,
    concurrency: 1,
    heartbeatSeconds: 30,
    async run(job) {
      if (job.data.kind === 'generate') await generateAll(app, job as JobRun<GenerateData>);
      else await publishAll(job as JobRun<BulkData & { kind: 'publish' }>);
      if (job.stopping()) throw new JobError('Dihentikan karena server dimatikan.');
      void kickDelivery(jobs, job.tenantId);
    },
  });
}

/** Publishing: each bill its own transaction, a few at once. */
async function publishAll(job: JobRun<BulkData & { kind: 'publish' }>) {
  const d = job.data;
  const items = d.ids;
  for (let at = 0; at < items.length && !job.stopping(); at += CHUNK) {
    const chunk = items.slice(at, at + CHUNK);
    let ok = 0;
    let failed = 0;
    for (let i = 0; i < chunk.length; i += PARALLEL) {
      const results = await Promise.allSettled(
        chunk
          .slice(i, i + PARALLEL)
          .map((id) =>
            job.tx((c) =>
              publishBill(c, id, { action: 'published', userId: d.userId, detail: { bulk: true } }, d.notify),
            ),
          ),
      );
      for (const r of results) r.status === 'fulfilled' && r.value ? ok++ : failed++;
    }
    if (job.trackId) await job.db((c) => addProgress(c, job.trackId!, ok + failed, failed));
  }
}

/**
 * Billing a period, a chunk of registrants at a time (a few chunks at once): the chunk's bills are made in
 * one transaction, a statement per table for the whole chunk (a registrant refused or already billed is
 * counted and skipped), then their first installments' charges are opened together (each recorded before
 * the provider is called, the provider asked a bounded number at a time).
 */
async function generateAll(app: FastifyInstance, job: JobRun<GenerateData>) {
  const items = job.data.registrantIds;
  let next = 0;
  const worker = async () => {
    while (next < items.length && !job.stopping()) {
      const chunk = items.slice(next, next + GENERATE_CHUNK);
      next += GENERATE_CHUNK;
      const { ok, failed } = await generateChunk(app, job, chunk);
      if (job.trackId) await job.db((c) => addProgress(c, job.trackId!, ok + failed, failed));
    }
  };
  await Promise.all(Array.from({ length: GENERATE_WORKERS }, worker));
}

async function generateChunk(app: FastifyInstance, job: JobRun<GenerateData>, ids: number[]) {
  const d = job.data;
  const one = (c: TenantConn, id: number) =>
    createBill(c, id, d.options, d.userId).catch((err) => {
      // Refused before anything was written (e.g. already billed): counted, and the others go on.
      if (err instanceof HttpError) return null;
      throw err;
    });
  const billIds = await job
    .tx((c) => createBills(c, ids, d.options, d.userId))
    .catch(async () => {
      // Something unexpected broke the chunk's transaction (nothing of it is kept): one bill at a time.
      const made: number[] = [];
      for (const id of ids) {
        const billId = await job.tx((c) => one(c, id)).catch(() => null);
        if (billId !== null) made.push(billId);
      }
      return made;
    });
  if (!(d.options.generate_va && d.options.is_submit) || billIds.length === 0)
    return { ok: billIds.length, failed: ids.length - billIds.length };
  const firsts = await job.db((c) =>
    c.db
      .selectFrom('registrant_installment_payments')
      .select('id')
      .distinctOn('header_id')
      .where('tenant_id', '=', c.tenantId)
      .where('header_id', 'in', billIds)
      .orderBy('header_id')
      .orderBy('seq')
      .execute(),
  );
  const opened = await openChargesInBulk(
    { pool: app.ctx.pool, gateway: app.ctx.payments },
    job.tenantId,
    firsts.map((f) => ({ installmentId: f.id, userId: d.userId })),
    CHARGES_IN_FLIGHT,
  );
  return { ok: opened.size, failed: ids.length - opened.size };
}

async function startJob(
  sc: ServiceContext,
  label: string,
  requestKey: string | null,
  data: BulkData,
  total: number,
) {
  if (requestKey) {
    const earlier = await sc.db((c) => trackedJobByRequestKey(c, requestKey));
    if (earlier) return { job_id: earlier.id, total: earlier.total };
  }
  const jobId = await sc.tx(async (c) => {
    const id = await createTrackedJob(c, {
      kind: `payments.${data.kind}`,
      label,
      requestKey,
      params: { total },
      createdBy: sc.auth?.user.id ?? null,
    });
    await setTrackedTotal(c, id, total);
    return id;
  });
  await sc.deps.jobs.send(BULK_QUEUE, { tenantId: sc.tenant.id, trackId: jobId, data });
  return { job_id: jobId, total };
}

export async function publishMany(sc: ServiceContext, ids: number[], notify: boolean) {
  const data = await startJob(
    sc,
    `Terbitkan ${ids.length} tagihan`,
    null,
    { kind: 'publish', ids, notify, userId: sc.auth?.user.id ?? null },
    ids.length,
  );
  return { success: true as const, message: 'Tagihan sedang diterbitkan di latar belakang.', data };
}

/** Bills every live registrant of the period (optionally one class) that has no bill of the type yet. */
export async function generateMany(
  sc: ServiceContext,
  o: CreateBill & { school_period_id: number; mst_class_id?: number | undefined; request_key: string },
) {
  const { school_period_id, mst_class_id, request_key, ...options } = o;
  const ids = await sc.db(async (c) => {
    let q = c.db
      .selectFrom('registrants as r')
      .select('r.id')
      .where('r.tenant_id', '=', c.tenantId)
      .where('r.school_period_id', '=', school_period_id)
      .where('r.deleted_at', 'is', null)
      .where('r.status', '<>', 'withdrawn')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('registrant_header_payments as h')
              .select('h.id')
              .whereRef('h.tenant_id', '=', 'r.tenant_id')
              .whereRef('h.registrant_id', '=', 'r.id')
              .where('h.mst_type_payment_id', '=', options.mst_type_payment_id)
              .where('h.deleted_at', 'is', null)
              .where('h.state', '<>', 'cancelled'),
          ),
        ),
      )
      .orderBy('r.id');
    if (mst_class_id) q = q.where('r.mst_class_id', '=', mst_class_id);
    return (await q.execute()).map((r) => r.id);
  });
  const data = await startJob(
    sc,
    `Buat tagihan untuk ${ids.length} calon murid`,
    request_key,
    { kind: 'generate', registrantIds: ids, options, userId: sc.auth?.user.id ?? null },
    ids.length,
  );
  return { success: true as const, message: 'Tagihan sedang dibuat di latar belakang.', data };
}

/** Registrants billed per tenant and sweep: a backlog (e.g. right after the setting is switched on) drains in turns. */
const AUTO_BATCH = 200;

/**
 * Periods whose payment setting says "bill after registration": every submitted registrant of the period
 * without a live bill of that type gets one, published, with the parent told. Run for one registrant right
 * after its submission commits (the parent sees the bill with the submit answer), and every minute by the
 * scheduler for whatever that missed; the unique live bill per registrant and type makes a second run (or a
 * second instance) harmless.
 */
export async function autoBill(app: FastifyInstance, tenantId: number, registrantId?: number) {
  const { pool } = app.ctx;
  const due = await withTenantTx(
    pool,
    tenantId,
    (c) =>
      c.db
        .selectFrom('school_payments as sp')
        .innerJoin('registrants as r', (j) =>
          j.onRef('r.tenant_id', '=', 'sp.tenant_id').onRef('r.school_period_id', '=', 'sp.school_period_id'),
        )
        .select(['r.id as registrant_id', 'sp.mst_type_payment_id'])
        .where('sp.tenant_id', '=', tenantId)
        .where('sp.generate_after_registration', '=', true)
        .where('sp.deleted_at', 'is', null)
        .where('r.deleted_at', 'is', null)
        .where('r.is_submit', '=', true)
        .where('r.status', '<>', 'withdrawn')
        .$if(registrantId !== undefined, (q) => q.where('r.id', '=', registrantId!))
        // Registrations from when the setting was last saved on; earlier ones are billed by staff if at all.
        .whereRef('r.submitted_at', '>=', 'sp.updated_at')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('registrant_header_payments as h')
                .select('h.id')
                .whereRef('h.tenant_id', '=', 'r.tenant_id')
                .whereRef('h.registrant_id', '=', 'r.id')
                .whereRef('h.mst_type_payment_id', '=', 'sp.mst_type_payment_id')
                .where('h.deleted_at', 'is', null)
                .where('h.state', '<>', 'cancelled'),
            ),
          ),
        )
        // Only where the period's setup has a line for the registrant's class: others would fail every minute.
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('setup_payments as l')
              .innerJoin('mst_payments as m', (j) =>
                j.onRef('m.tenant_id', '=', 'l.tenant_id').onRef('m.id', '=', 'l.mst_payment_id'),
              )
              .select('l.id')
              .whereRef('l.tenant_id', '=', 'r.tenant_id')
              .whereRef('l.school_period_id', '=', 'r.school_period_id')
              .whereRef('m.mst_type_payment_id', '=', 'sp.mst_type_payment_id')
              .where('l.deleted_at', 'is', null)
              .where('m.deleted_at', 'is', null)
              .where('l.mst_jalur_id', 'is', null)
              .where((eb) =>
                eb.or([
                  eb('l.mst_class_id', 'is', null),
                  eb('l.mst_class_id', '=', eb.ref('r.mst_class_id')),
                ]),
              ),
          ),
        )
        .orderBy('r.id')
        .limit(AUTO_BATCH)
        .execute(),
    EVERY_SCHOOL,
  );
  let billed = 0;
  for (const d of due) {
    const made = await withTenantTx(
      pool,
      tenantId,
      (c) =>
        createBill(
          c,
          d.registrant_id,
          { mst_type_payment_id: d.mst_type_payment_id, is_submit: true, send_notification: true },
          null,
        ).catch((err) => {
          // Already billed meanwhile, or no setup lines for the class: nothing to do for this one.
          if (err instanceof HttpError && (err.statusCode === 409 || err.statusCode === 400)) return null;
          throw err;
        }),
      EVERY_SCHOOL,
    );
    if (made !== null) billed++;
  }
  if (billed) void kickDelivery(app.ctx.jobs, tenantId);
  return billed;
}
