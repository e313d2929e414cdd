import {
  errorResponseSchema,
  MISMATCH_LABELS,
  messageResponseSchema,
  reconciliationQuerySchema,
  reconciliationResponseSchema,
  resolveMismatchSchema,
} from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { binaryResponse } from '../../lib/binary-response';
import { sendRowsExport } from '../../lib/rows-export';
import { contextOf } from '../../service-context';
import { reconcile, resolveMismatch } from './reconciliation';
import { depsOf } from './service';

const tags = ['payments (reconciliation)'];
const security = [{ bearerAuth: [] }];
const errors = { '4xx': errorResponseSchema };
const M = 'Rekonsiliasi' as const;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Uang Sekolah: reconciliation against the provider and its resolutions (payouts: payouts/routes.ts). */
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
      const r = await reconcile(depsOf(contextOf(req)), req.tenant.id, req.auth?.schools ?? null, req.query);
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
      const r = await reconcile(depsOf(contextOf(req)), req.tenant.id, req.auth?.schools ?? null, req.query);
      return sendRowsExport(reply, {
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
      await req.tx((c) => resolveMismatch(depsOf(contextOf(req)), c, req.body, req.auth!.user.id));
      return { success: true as const, message: 'Selisih berhasil diselesaikan.' };
    },
  );
};

export default reconciliationRoutes;
