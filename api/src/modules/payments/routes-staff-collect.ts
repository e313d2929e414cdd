import {
  approvePaymentSchema,
  BILL_MSG,
  billDetailResponseSchema,
  billListQuerySchema,
  calendarDate,
  chargeResponseSchema,
  chargeSchema,
  installmentsUpdateSchema,
  messageResponseSchema,
  reasonBodySchema,
  splitInstallments,
} from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { streamQueryExport } from '../../engine';
import { binaryResponse } from '../../lib/binary-response';
import { idParamsSchema } from '../../lib/ids';
import { staffRouteOptions } from '../../lib/route-options';
import { contextOf } from '../../service-context';
import { kickDelivery } from '../content';
import { approvePayment, replaceInstallments } from './bills';
import { alias, detail, done } from './routes-staff';
import { schoolSystemExport } from './school-system';
import { rebillRegistrant, resetBill, sendExpired, staffCharge, staffChargeAll } from './service';
import { lockBill } from './state';

const { tags, security, errors, read, update, remove } = staffRouteOptions('Pembayaran', 'payments (staff)');
const optionalReason = z.strictObject({ reason: reasonBodySchema.shape.reason.optional() }).nullish();

/**
 * Staff on a bill once made: charges at the provider (one, all, or split into installments), the installments,
 * a payment recorded by hand, the expiry notice, reset and delete, rebilling a moved registrant, and the paid
 * registrants handed to a school information system.
 */
const staffCollectionRoutes: FastifyPluginAsyncZod = async (app) => {
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
          ? (await staffChargeAll(contextOf(req), req.params.id))[0]!
          : await staffCharge(contextOf(req), req.params.id, req.body ?? {});
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
      await sendExpired(contextOf(req), req.params.id);
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
      await resetBill(contextOf(req), req.params.id, req.body?.reason, false);
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
        await resetBill(contextOf(req), req.params.id, undefined, true);
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
      const data = await rebillRegistrant(contextOf(req), req.params.id);
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
    async (req, reply) =>
      streamQueryExport(req, reply, await schoolSystemExport(contextOf(req), req.params.product, req.query)),
  );
};

export default staffCollectionRoutes;
