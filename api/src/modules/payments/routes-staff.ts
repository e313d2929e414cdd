import {
  approvePaymentSchema,
  BILL_MSG,
  billDetailResponseSchema,
  billListQuerySchema,
  billListResponseSchema,
  bulkBillsSchema,
  bulkGenerateSchema,
  bulkJobResponseSchema,
  calendarDate,
  chargeResponseSchema,
  chargeSchema,
  createBillSchema,
  errorResponseSchema,
  installmentsUpdateSchema,
  jobStartedResponseSchema,
  messageResponseSchema,
  reasonBodySchema,
  splitInstallments,
} from '@psb/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ExportFormat, streamQueryExport } from '../../engine';
import { jobView, trackedJobOfKind } from '../../jobs/tracking';
import { binaryResponse } from '../../lib/binary-response';
import { HttpError } from '../../lib/http-error';
import { idParamsSchema } from '../../lib/ids';
import { kickDelivery } from '../content';
import { BILL_EXPORT_LABELS, exportQuery, listBills } from './bill-list';
import { approvePayment, createBill, replaceInstallments } from './bills';
import { generateMany, publishMany } from './bulk';
import { billHistory, billViews } from './repository';
import { sendToSchoolSystem } from './school-system';
import { publish, rebillRegistrant, resetBill, sendExpired, staffCharge, staffChargeAll } from './service';
import { lockBill } from './state';

const tags = ['payments (staff)'];
const security = [{ bearerAuth: [] }];
const errors = { '4xx': errorResponseSchema };
const M = 'Pembayaran' as const;
const read = { access: { module: M, action: 'read' } } as const;
const insert = { access: { module: M, action: 'insert' } } as const;
const update = { access: { module: M, action: 'update' } } as const;
const remove = { access: { module: M, action: 'delete' } } as const;
const optionalReason = z.strictObject({ reason: reasonBodySchema.shape.reason.optional() }).nullish();
const done = (message: string) => ({ success: true as const, message });
/** The summary's note on a route that is another name of `main`. */
const alias = (url: string, main: string) =>
  url === main ? '' : ` (the same as ${main.replace(/:(\w+)/g, '{$1}')})`;

/** Staff bills: create, list, detail and history, publish, charges, manual approval, reset, delete, export. */
const staffPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const detail = async (req: FastifyRequest, id: number) => {
    const [bill] = await req.db((c) => billViews(c, { ids: [id], includeDrafts: true }));
    if (!bill) throw new HttpError(404, 'Tagihan tidak ditemukan.');
    const history = await req.db((c) => billHistory(c, id));
    return {
      success: true as const,
      data: {
        ...bill,
        history: history.map((h) => ({
          ...h,
          id: Number(h.id),
          created_at: h.created_at.toISOString(),
        })),
      },
    };
  };

  app.post(
    '/registrant/payment/:id',
    {
      config: insert,
      schema: {
        tags,
        summary:
          'Bill a payment type to a registrant (lines from the period setup, or one cost), with options',
        security,
        params: idParamsSchema,
        body: createBillSchema,
        response: { 201: billDetailResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const id = await req.tx((c) => createBill(c, req.params.id, req.body, req.auth!.user.id));
      if (req.body.send_notification && req.body.is_submit)
        void kickDelivery(req.server.ctx.jobs, req.tenant.id);
      if (req.body.generate_va && req.body.is_submit) await staffCharge(req, id, {});
      return reply.code(201).send(await detail(req, id));
    },
  );

  // `/select` is the client's name for the same list where it fills a picker.
  for (const url of ['/registrant_header_payments/admin', '/registrant_header_payments/select'])
    app.get(
      url,
      {
        config: read,
        schema: {
          tags,
          summary: `Bills of a payment type: filters, counts per state, paging${alias(url, '/registrant_header_payments/admin')}`,
          security,
          querystring: billListQuerySchema,
          response: { 200: billListResponseSchema, ...errors },
        },
      },
      async (req) => ({ success: true as const, ...(await req.db((c) => listBills(c, req.query))) }),
    );

  for (const suffix of ['', '/csv'] as const) {
    app.get(
      `/registrant_header_payments/export${suffix}`,
      {
        config: read,
        schema: {
          tags,
          summary: `Export of the filtered bills (${suffix ? 'csv' : 'xlsx, or csv with format=csv'})`,
          security,
          querystring: billListQuerySchema
            .omit({ page: true, limit: true })
            .extend({ format: z.enum(['xlsx', 'csv']).optional() }),
          response: {
            200: binaryResponse('The bills file', [
              'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              'text/csv',
            ]),
            ...errors,
          },
        },
      },
      async (req, reply) => {
        const { format, ...q } = req.query;
        const compiled = await req.db(async (c) => exportQuery(c, q));
        return streamQueryExport(req, reply, {
          sheetName: 'Pembayaran',
          labels: BILL_EXPORT_LABELS,
          sql: compiled.sql,
          values: [...compiled.parameters],
          fileName: 'Data Pembayaran Calon Murid',
          format: (suffix ? 'csv' : (format ?? 'xlsx')) as ExportFormat,
        });
      },
    );
  }

  app.get(
    '/registrant_header_payment/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'One bill with its lines, installments, charges and history',
        security,
        params: idParamsSchema,
        response: { 200: billDetailResponseSchema, ...errors },
      },
    },
    (req) => detail(req, req.params.id),
  );
  app.get(
    '/registrant_header_payments/history/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'Every state change of a bill: who, when, why',
        security,
        params: idParamsSchema,
        response: { 200: billDetailResponseSchema, ...errors },
      },
    },
    (req) => detail(req, req.params.id),
  );

  app.post(
    '/registrant_header_payments/publish/:id',
    {
      config: update,
      schema: {
        tags,
        summary: 'Publish a draft bill (the parent sees it, and is told)',
        security,
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await publish(req, req.params.id, true);
      return done(BILL_MSG.published);
    },
  );
  app.post(
    '/registrant_header_payments/bulk/publish',
    {
      config: update,
      schema: {
        tags,
        summary: 'Publish many draft bills as a background job with progress',
        security,
        body: bulkBillsSchema,
        response: {
          202: z.object({
            success: z.literal(true),
            message: z.string(),
            data: z.object({ job_id: z.number(), total: z.number() }),
          }),
          ...errors,
        },
      },
    },
    async (req, reply) =>
      reply.code(202).send(await publishMany(req, req.body.ids, req.body.send_notification ?? true)),
  );

  app.post(
    '/registrant_header_payments/bulk/generate',
    {
      config: insert,
      schema: {
        tags,
        summary:
          'Bill every registrant of a period (optionally one class) not billed yet, as a background job',
        security,
        body: bulkGenerateSchema,
        response: { 202: jobStartedResponseSchema, ...errors },
      },
    },
    async (req, reply) => reply.code(202).send(await generateMany(req, req.body)),
  );

  app.get(
    '/registrant_header_payments/bulk/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'How a bulk bill job stands (queued, running, done, failed) with its progress',
        security,
        params: idParamsSchema,
        response: { 200: bulkJobResponseSchema, ...errors },
      },
    },
    async (req) => {
      const job = await req.db((c) => trackedJobOfKind(c, req.params.id, 'payments.'));
      if (!job) throw new HttpError(404, BILL_MSG.jobNotFound);
      return { success: true as const, data: jobView(job) };
    },
  );

  const chargeRoute = (path: string, summary: string, all: boolean) =>
    app.post(
      path,
      {
        config: update,
        schema: {
          tags,
          summary,
          security,
          params: idParamsSchema,
          body: chargeSchema.nullish(),
          response: { 200: chargeResponseSchema, ...errors },
        },
      },
      async (req) => {
        const charge = all
          ? (await staffChargeAll(req, req.params.id))[0]!
          : await staffCharge(req, req.params.id, req.body ?? {});
        return { success: true as const, message: BILL_MSG.vaCreated, data: charge };
      },
    );
  chargeRoute(
    '/registrant_header_payments/generate_va/:id',
    'Open a charge (VA) for an installment on a channel',
    false,
  );
  chargeRoute(
    '/registrant_header_payments/generate_va_cicilan/:id',
    'Open a charge (VA) for every unpaid installment',
    true,
  );

  app.post(
    '/registrant_header_payments/generate_cicilan/:id',
    {
      config: update,
      schema: {
        tags,
        summary: 'Split an unpaid bill into equal monthly installments',
        security,
        params: idParamsSchema,
        body: z.strictObject({
          count: z.number().int().min(1).max(12),
          first_due_date: calendarDate(),
        }),
        response: { 200: billDetailResponseSchema, ...errors },
      },
    },
    async (req) => {
      await req.tx(async (c) => {
        const bill = await lockBill(c, req.params.id);
        await replaceInstallments(
          c,
          req.params.id,
          splitInstallments(bill.total_amount, req.body.count, req.body.first_due_date),
          {
            action: 'installments',
            userId: req.auth!.user.id,
          },
        );
      });
      return detail(req, req.params.id);
    },
  );

  // PUT /registrant_header_payment/{id}: the client edits a bill through its installments.
  for (const url of ['/registrant_installment_payment/:id', '/registrant_header_payment/:id'])
    app.put(
      url,
      {
        config: update,
        schema: {
          tags,
          summary: `Set the installments (amounts and due dates) of an unpaid bill; they must sum to it${alias(url, '/registrant_installment_payment/:id')}`,
          security,
          params: idParamsSchema,
          body: installmentsUpdateSchema,
          response: { 200: billDetailResponseSchema, ...errors },
        },
      },
      async (req) => {
        await req.tx((c) =>
          replaceInstallments(c, req.params.id, req.body.installments, {
            action: 'installments',
            userId: req.auth!.user.id,
          }),
        );
        return detail(req, req.params.id);
      },
    );

  app.post(
    '/registrant_header_payments/approve_payment/:id',
    {
      config: update,
      schema: {
        tags,
        summary: 'Record a payment made outside the provider (cash or transfer proof), with the reason',
        security,
        params: idParamsSchema,
        body: approvePaymentSchema,
        response: { 200: billDetailResponseSchema, ...errors },
      },
    },
    async (req) => {
      await req.tx((c) => approvePayment(c, req.params.id, req.body, req.auth!.user.id));
      void kickDelivery(req.server.ctx.jobs, req.tenant.id);
      return detail(req, req.params.id);
    },
  );

  app.post(
    '/registrant_header_payments/send_expired_notification/:id',
    {
      config: update,
      schema: {
        tags,
        summary: 'Tell the parent that the payment number expired',
        security,
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await sendExpired(req, req.params.id);
      return done(BILL_MSG.expiredSent);
    },
  );

  app.post(
    '/registrant/reset_payment/:id',
    {
      config: update,
      schema: {
        tags,
        summary: 'Cancel an unpaid bill (open charges closed at the provider) so a new one can be made',
        security,
        params: idParamsSchema,
        body: optionalReason,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await resetBill(req, req.params.id, req.body?.reason, false);
      return done(BILL_MSG.reset);
    },
  );

  // `/parent/{id}`: the client's name for deleting a bill with everything under it (lines, installments).
  for (const url of ['/registrant_header_payment/:id', '/registrant_header_payment/parent/:id'])
    app.delete(
      url,
      {
        config: remove,
        schema: {
          tags,
          summary: `Cancel and archive an unpaid bill${alias(url, '/registrant_header_payment/:id')}`,
          security,
          params: idParamsSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (req) => {
        await resetBill(req, req.params.id, undefined, true);
        return done(BILL_MSG.deleted);
      },
    );

  app.post(
    '/registrant/mutation_payment/:id',
    {
      config: update,
      schema: {
        tags,
        summary: "Make a moved registrant's unpaid bills again from the setup of their new class or period",
        security,
        params: idParamsSchema,
        response: {
          200: z.object({
            success: z.literal(true),
            message: z.string(),
            data: z.object({ made: z.array(z.number()), kept: z.array(z.number()) }),
          }),
          ...errors,
        },
      },
    },
    async (req) => {
      const data = await rebillRegistrant(req, req.params.id);
      const message = data.kept.length
        ? `${data.made.length} tagihan dibuat ulang; ${data.kept.length} tagihan yang sudah dibayar tidak diubah.`
        : `${data.made.length} tagihan dibuat ulang sesuai kelas/periode baru.`;
      return { success: true as const, message, data };
    },
  );

  app.get(
    '/registrant_header_payments/send_data_to_:product',
    {
      config: read,
      schema: {
        tags,
        summary:
          'Paid registrants for a school information system (the file adapter: a spreadsheet to import)',
        security,
        params: z.strictObject({
          product: z.string().regex(/^[a-z0-9_]{1,30}$/, 'Nama sistem tidak valid.'),
        }),
        querystring: z.strictObject({
          type: billListQuerySchema.shape.type,
          school_period_id: billListQuerySchema.shape.school_period_id,
          format: z.enum(['xlsx', 'csv'], { error: 'Format harus xlsx atau csv.' }).optional(),
        }),
        response: {
          200: binaryResponse('Paid registrants', [
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'text/csv',
          ]),
          ...errors,
        },
      },
    },
    (req, reply) => sendToSchoolSystem(req, reply, req.params.product, req.query),
  );
};

export default staffPaymentRoutes;
