import {
  errorResponseSchema,
  MISMATCH_LABELS,
  messageResponseSchema,
  reconciliationQuerySchema,
  reconciliationResponseSchema,
  resolveMismatchSchema,
} from '@psb/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { binaryResponse } from '../../lib/binary-response';
import { sendRowsExport } from '../../lib/rows-export';
import { reconcile, resolveMismatch } from './reconciliation';
import { depsOf } from './service';

const tags = ['payments (reconciliation)'];
const security = [{ bearerAuth: [] }];
const errors = { '4xx': errorResponseSchema };
const M = 'Rekonsiliasi' as const;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const dateRange = z.strictObject({
  date_from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Tanggal harus berformat yyyy-mm-dd.'),
  date_to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Tanggal harus berformat yyyy-mm-dd.'),
});

/** Uang Sekolah: reconciliation against the provider, its resolutions, and the provider's payouts. */
const reconciliationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/us/rekonsiliasi',
    {
      config: { access: { module: M, action: 'read' } },
      schema: {
        tags,
        summary: "Our charges of a date range (WIB) against the provider's statuses: every mismatch",
        security,
        querystring: reconciliationQuerySchema,
        response: { 200: reconciliationResponseSchema, ...errors },
      },
    },
    async (req) => {
      const r = await reconcile(depsOf(req), req.tenant.id, req.auth?.schools ?? null, req.query);
      return { success: true as const, checked: r.checked, data: r.rows };
    },
  );

  app.get(
    '/us/rekonsiliasi/export',
    {
      config: { access: { module: M, action: 'read' } },
      schema: {
        tags,
        summary: 'The mismatches of a date range as a spreadsheet',
        security,
        querystring: reconciliationQuerySchema,
        produces: [XLSX],
        response: { 200: binaryResponse('The mismatches', [XLSX]), ...errors },
      },
    },
    async (req, reply) => {
      const r = await reconcile(depsOf(req), req.tenant.id, req.auth?.schools ?? null, req.query);
      return sendRowsExport(reply as unknown as FastifyReply, {
        fileName: `Rekonsiliasi ${req.query.date_from} - ${req.query.date_to}`,
        sheetName: 'Rekonsiliasi',
        columns: [
          'Order',
          'Selisih',
          'Calon Murid',
          'No. Pendaftaran',
          'Metode',
          'Status Kami',
          'Jumlah Kami',
          'Status Penyedia',
          'Jumlah Penyedia',
          'Dibuat',
        ],
        rows: r.rows.map((x) => [
          x.order_id,
          MISMATCH_LABELS[x.kind],
          x.registrant_name,
          x.registration_number,
          x.channel,
          x.our_status,
          x.our_amount,
          x.provider_status,
          x.provider_amount,
          x.created_at,
        ]),
      });
    },
  );

  app.post(
    '/us/rekonsiliasi/resolve',
    {
      config: { access: { module: M, action: 'update' } },
      schema: {
        tags,
        summary: 'Resolve one mismatch (recorded with who and why)',
        security,
        body: resolveMismatchSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await req.tx((c) => resolveMismatch(depsOf(req), c, req.body, req.auth!.user.id));
      return { success: true as const, message: 'Selisih berhasil diselesaikan.' };
    },
  );

  const payouts = async (
    q: { date_from: string; date_to: string },
    gateway: ReturnType<typeof depsOf>['gateway'],
  ) =>
    gateway.listPayouts({
      from: new Date(`${q.date_from}T00:00:00+07:00`),
      to: new Date(`${q.date_to}T23:59:59+07:00`),
    });

  app.get(
    '/us/midtrans_payout',
    {
      config: { access: { module: M, action: 'read' } },
      schema: {
        tags,
        summary: "The provider's payouts (Iris) of a date range",
        security,
        querystring: dateRange,
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.array(
              z.object({
                reference_no: z.string(),
                beneficiary_name: z.string(),
                beneficiary_account: z.string(),
                beneficiary_bank: z.string(),
                amount: z.number(),
                notes: z.string(),
                status: z.string(),
                created_at: z.string().nullable(),
              }),
            ),
          }),
          ...errors,
        },
      },
    },
    async (req) => ({
      success: true as const,
      data: (await payouts(req.query, depsOf(req).gateway)).map((p) => ({
        reference_no: p.referenceNo,
        beneficiary_name: p.beneficiaryName,
        beneficiary_account: p.beneficiaryAccount,
        beneficiary_bank: p.beneficiaryBank,
        amount: p.amount,
        notes: p.notes,
        status: p.status,
        created_at: p.createdAt?.toISOString() ?? null,
      })),
    }),
  );

  app.get(
    '/us/midtrans_payout/export',
    {
      config: { access: { module: M, action: 'read' } },
      schema: {
        tags,
        summary: "The provider's payouts of a date range as a spreadsheet",
        security,
        querystring: dateRange,
        produces: [XLSX],
        response: { 200: binaryResponse('The payouts', [XLSX]), ...errors },
      },
    },
    async (req, reply) => {
      const list = await payouts(req.query, depsOf(req).gateway);
      return sendRowsExport(reply as unknown as FastifyReply, {
        fileName: `Pencairan Dana ${req.query.date_from} - ${req.query.date_to}`,
        sheetName: 'Pencairan',
        columns: ['Referensi', 'Penerima', 'Rekening', 'Bank', 'Jumlah', 'Catatan', 'Status', 'Dibuat'],
        rows: list.map((p) => [
          p.referenceNo,
          p.beneficiaryName,
          p.beneficiaryAccount,
          p.beneficiaryBank,
          p.amount,
          p.notes,
          p.status,
          p.createdAt?.toISOString() ?? null,
        ]),
      });
    },
  );
};

export default reconciliationRoutes;
