import type { FastifyInstance } from 'fastify';
import { strToU8, zipSync } from 'fflate';
import { sql } from 'kysely';
import type { TenantConn } from '../../../db/tenant-db';
import type { StorageAdapter } from '../../../integrations/storage';
import { addProgress, createTrackedJob, JobError } from '../../../jobs/tracking';
import { latin, renderPdf } from '../../../lib/pdf';
import { DATA_SOURCES, type Subject } from './data-sources';

export const DATA_EXPORT_QUEUE = 'privacy.data_export';
export const DATA_EXPORT_KIND = 'privacy.data_export';

/** Where a finished download is kept: per tenant and job, never guessable from outside (the job id is checked). */
export const exportKey = (tenantId: number, jobId: number) => `privacy/${tenantId}/data-saya-${jobId}.zip`;

/** Steps the progress counts: one per data source, the PDF, the stored file. */
const STEPS = DATA_SOURCES.length + 2;

export async function startDataExport(app: FastifyInstance, c: TenantConn, userId: number) {
  const id = await createTrackedJob(c, {
    kind: DATA_EXPORT_KIND,
    label: 'Unduhan Data Saya (orang tua)',
    requestKey: null,
    params: {},
    createdBy: userId,
    total: STEPS,
  });
  await app.ctx.jobs.send(DATA_EXPORT_QUEUE, { tenantId: c.tenantId, trackId: id, data: { userId } });
  return id;
}

async function subjectOf(c: TenantConn, userId: number): Promise<Subject> {
  const registrants = await c.db
    .selectFrom('registrants')
    .select('id')
    .where('tenant_id', '=', c.tenantId)
    .where('user_id', '=', userId)
    .execute();
  const registrantIds = registrants.map((r) => r.id);
  const headers = registrantIds.length
    ? await c.db
        .selectFrom('registrant_header_payments')
        .select('id')
        .where('tenant_id', '=', c.tenantId)
        .where('registrant_id', 'in', registrantIds)
        .execute()
    : [];
  return { userId, registrantIds, headerIds: headers.map((h) => h.id) };
}

type Section = { file: string; title: string; rows: Record<string, unknown>[] };

const show = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '-';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
};

/** The readable summary: each section with its rows as "field: value" lines (the JSON files hold them whole). */
function summaryPdf(tenantName: string, accountName: string, sections: Section[]) {
  return renderPdf({ size: 'A4', margin: 48, info: { Title: 'Data Saya', Author: tenantName } }, (doc) => {
    doc.fontSize(18).text(latin(`Data Saya - ${tenantName}`));
    doc
      .moveDown(0.3)
      .fontSize(10)
      .text(latin(`Atas nama: ${accountName}`));
    doc.text(`Dibuat: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`);
    doc
      .moveDown(0.3)
      .text(
        latin(
          'Berkas ini berisi semua data yang disimpan yayasan tentang akun Anda dan anak-anak yang Anda daftarkan. ' +
            'Salinan lengkap yang dapat dibaca mesin ada di folder json/ pada berkas ZIP yang sama.',
        ),
      );
    for (const s of sections) {
      doc
        .moveDown(0.8)
        .fontSize(13)
        .text(latin(`${s.title} (${s.rows.length})`));
      doc.fontSize(8);
      if (s.rows.length === 0) doc.text('Tidak ada data.');
      for (const row of s.rows.slice(0, 50)) {
        const line = Object.entries(row)
          .filter(([k]) => k !== 'tenant_id')
          .map(([k, v]) => `${k}: ${show(v)}`)
          .join(' | ');
        doc.moveDown(0.2).text(latin(line.length > 1500 ? `${line.slice(0, 1500)} ...` : line));
      }
      if (s.rows.length > 50)
        doc.text(`... dan ${s.rows.length - 50} baris lain (lihat json/${s.file}.json).`);
    }
  });
}

/** The export job: every source read under the tenant (all schools: it is the family's own data), then the ZIP. */
export function defineDataExport(app: FastifyInstance, storage: StorageAdapter) {
  app.ctx.jobs.define<{ userId: number }>({
    name: DATA_EXPORT_QUEUE,
    // A failed export is asked for again by the parent; a retry would count its progress twice.
    retryLimit: 0,
    concurrency: 1,
    async run(job) {
      const { userId } = job.data;
      const trackId = job.trackId;
      if (!trackId) throw new JobError('Tugas tanpa catatan.');
      const step = () => job.db((c) => addProgress(c, trackId, 1, 0));
      const subject = await job.db((c) => subjectOf(c, userId));
      const sections: Section[] = [];
      for (const source of DATA_SOURCES) {
        const rows = await job.db((c) => source.rows(c.db, c.tenantId, subject));
        sections.push({ file: source.file, title: source.title, rows });
        await step();
      }
      const tenantName = await job.db(
        async ({ db, tenantId }) =>
          (await db.selectFrom('tenants').select('name').where('id', '=', tenantId).executeTakeFirst())
            ?.name ?? '',
      );
      const accountName = String(sections[0]?.rows[0]?.name ?? '');
      const pdf = await summaryPdf(tenantName, accountName, sections);
      await step();
      const files: Record<string, Uint8Array> = { 'ringkasan.pdf': new Uint8Array(pdf) };
      for (const s of sections) files[`json/${s.file}.json`] = strToU8(JSON.stringify(s.rows, null, 2));
      await storage.put(exportKey(job.tenantId, trackId), Buffer.from(zipSync(files)), 'application/zip');
      await step();
    },
  });
}

/** The caller's own export job (another account's, or another kind of job, is not found). */
export function ownExport({ db, tenantId }: TenantConn, userId: number, id: number) {
  return db
    .selectFrom('background_jobs')
    .select([
      'id',
      'status',
      'total',
      'done',
      'error',
      sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('created_at'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('kind', '=', DATA_EXPORT_KIND)
    .where('created_by', '=', userId)
    .executeTakeFirst();
}
