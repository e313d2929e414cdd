import {
  BILL_MSG,
  billDetailResponseSchema,
  billListQuerySchema,
  billListResponseSchema,
  bulkBillsSchema,
  bulkGenerateSchema,
  bulkJobResponseSchema,
  createBillSchema,
  jobStartedResponseSchema,
  messageResponseSchema,
} from '@psb/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ExportFormat, streamQueryExport } from '../../engine';
import { jobView, trackedJobOfKind } from '../../jobs/tracking';
import { binaryResponse } from '../../lib/binary-response';
import { HttpError } from '../../lib/http-error';
import { idParamsSchema } from '../../lib/ids';
import { staffRouteOptions } from '../../lib/route-options';
import { contextOf } from '../../service-context';
import { kickDelivery } from '../content';
import { BILL_EXPORT_LABELS, exportQuery, listBills } from './bill-list';
import { createBill } from './bills';
import { generateMany, publishMany } from './bulk';
import { billHistory, billViews } from './repository';
import { publish, staffCharge } from './service';

const { tags, security, errors, read, insert, update } = staffRouteOptions('Pembayaran', 'payments (staff)');
export const done = (message: string) => ({ success: true as const, message });
/** The summary's note on a route that is another name of `main`. */
export const alias = (url: string, main: string) =>
  url === main ? '' : ` (the same as ${main.replace(/:(\w+)/g, '{$1}')})`;

/** A bill as the detail page shows it: lines, installments, charges and its history. */
export const detail = async (req: FastifyRequest, id: number) => {
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

/** Staff bills: create, list and export, detail and history, publish (one or in bulk), bulk generation. */
const staffPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
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
      if (req.body.generate_va && req.body.is_submit) await staffCharge(contextOf(req), id, {});
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
      await publish(contextOf(req), req.params.id, true);
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
      reply
        .code(202)
        .send(await publishMany(contextOf(req), req.body.ids, req.body.send_notification ?? true)),
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
    async (req, reply) => reply.code(202).send(await generateMany(contextOf(req), req.body)),
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
};

export default staffPaymentRoutes;
