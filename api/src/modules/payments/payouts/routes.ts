import {
  calendarDate,
  createPayoutSchema,
  errorResponseSchema,
  PAYOUT_BANKS,
  PAYOUT_STATUS_LABELS,
  payoutListResponseSchema,
  payoutResponseSchema,
  rejectPayoutSchema,
} from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { binaryResponse } from '../../../lib/binary-response';
import { sendRowsExport } from '../../../lib/rows-export';
import { listPayouts } from './repository';
import { assertFoundationWide, createPayout, decidePayout, payoutRow } from './service';

const tags = ['payments (payouts)'];
const security = [{ bearerAuth: [] }];
const errors = { '4xx': errorResponseSchema, '5xx': errorResponseSchema };
const M = 'Rekonsiliasi' as const;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const day = calendarDate();
const dateRange = z.strictObject({ date_from: day, date_to: day }).refine((q) => q.date_from <= q.date_to, {
  message: 'Tanggal akhir tidak boleh sebelum tanggal awal.',
  path: ['date_to'],
});
const idParams = z.strictObject({ id: z.coerce.number().int().positive('Id tidak valid.') });

/** WIB calendar days → the instants they span. */
const range = (q: { date_from: string; date_to: string }) => ({
  from: new Date(`${q.date_from}T00:00:00+07:00`),
  to: new Date(`${q.date_to}T23:59:59.999+07:00`),
});

/**
 * Uang Sekolah → Pencairan Dana: the foundation's Iris payouts, asked for by one staff member and approved or
 * rejected by another.
 */
const payoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ pool: app.ctx.pool, gateway: app.ctx.payments });

  app.get(
    '/us/midtrans_payout',
    {
      config: { access: { module: M, action: 'read' } },
      schema: {
        tags,
        summary: 'Payouts asked for in a date range (WIB), newest first, with who asked and who decided',
        security,
        querystring: dateRange,
        response: { 200: payoutListResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await req.db((c) => listPayouts(c, range(req.query))) }),
  );

  app.get(
    '/us/midtrans_payout/export',
    {
      config: { access: { module: M, action: 'read' } },
      schema: {
        tags,
        summary: 'The payouts of a date range as a spreadsheet',
        security,
        querystring: dateRange,
        produces: [XLSX],
        response: { 200: binaryResponse('The payouts', [XLSX]), ...errors },
      },
    },
    async (req, reply) => {
      const list = await req.db((c) => listPayouts(c, range(req.query)));
      return sendRowsExport(reply, {
        fileName: `Pencairan Dana ${req.query.date_from} - ${req.query.date_to}`,
        sheetName: 'Pencairan',
        columns: [
          'Referensi',
          'Penerima',
          'Rekening',
          'Bank',
          'Jumlah',
          'Catatan',
          'Status',
          'Dibuat Oleh',
          'Diputuskan Oleh',
          'Alasan Penolakan',
          'Dibuat',
        ],
        rows: list.map((p) => [
          p.reference_no,
          p.beneficiary_name,
          p.beneficiary_account,
          PAYOUT_BANKS[p.beneficiary_bank] ?? p.beneficiary_bank,
          p.amount,
          p.notes,
          PAYOUT_STATUS_LABELS[p.status],
          p.created_by_name,
          p.decided_by_name,
          p.reject_reason,
          p.created_at,
        ]),
      });
    },
  );

  app.post(
    '/us/midtrans_payout',
    {
      config: { access: { module: M, action: 'insert' } },
      schema: {
        tags,
        summary: 'Ask Iris for a payout; it waits for another staff member to approve it',
        security,
        body: createPayoutSchema,
        response: { 201: payoutResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      assertFoundationWide(req.auth!.schools);
      const id = await createPayout(
        deps(),
        req.tenant.id,
        req.auth?.schools ?? null,
        req.auth!.user.id,
        req.body,
      );
      const data = await req.db((c) => payoutRow(c, id));
      return reply.code(201).send({
        success: true as const,
        message: 'Pencairan dibuat dan menunggu persetujuan staf lain.',
        data,
      });
    },
  );

  app.post(
    '/us/midtrans_payout/:id/approve',
    {
      config: { access: { module: M, action: 'update' } },
      schema: {
        tags,
        summary: 'Approve a queued payout (not one you asked for yourself)',
        security,
        params: idParams,
        response: { 200: payoutResponseSchema, ...errors },
      },
    },
    async (req) => {
      assertFoundationWide(req.auth!.schools);
      const data = await req.tx(async (c) => {
        await decidePayout(deps(), c, req.params.id, req.auth!.user.id, { approve: true });
        return payoutRow(c, req.params.id);
      });
      return { success: true as const, message: 'Pencairan disetujui.', data };
    },
  );

  app.post(
    '/us/midtrans_payout/:id/reject',
    {
      config: { access: { module: M, action: 'update' } },
      schema: {
        tags,
        summary: 'Reject a queued payout with a reason (not one you asked for yourself)',
        security,
        params: idParams,
        body: rejectPayoutSchema,
        response: { 200: payoutResponseSchema, ...errors },
      },
    },
    async (req) => {
      assertFoundationWide(req.auth!.schools);
      const data = await req.tx(async (c) => {
        await decidePayout(deps(), c, req.params.id, req.auth!.user.id, {
          approve: false,
          reason: req.body.reason,
        });
        return payoutRow(c, req.params.id);
      });
      return { success: true as const, message: 'Pencairan ditolak.', data };
    },
  );
};

export default payoutRoutes;
