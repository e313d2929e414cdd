import {
  BILL_MSG,
  chargeResponseSchema,
  chargeSchema,
  errorResponseSchema,
  registrantBillsResponseSchema,
} from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { binaryResponse } from '../../lib/binary-response';
import { contentDisposition } from '../../lib/content-disposition';
import { idParamsSchema } from '../../lib/ids';
import { sendRaw } from '../../lib/raw-reply';
import { contextOf } from '../../service-context';
import { parentBills, parentCharge, parentQris, parentReceipt, waitForBills } from './service';
import type { BillSignals } from './signals';

const tags = ['payments (parent)'];
const security = [{ bearerAuth: [] }];
const errors = { '4xx': errorResponseSchema };
const user = { access: 'user' } as const;
/** How long one long poll waits for a change before answering with the same bills. */
const WAIT_MS = 25_000;

/** The parent's bills of their own registrant, the live wait for changes, and picking how to pay. */
export function parentPaymentRoutes(signals: BillSignals, waitMs = WAIT_MS): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/registrant_payment/:id',
      {
        config: user,
        schema: {
          tags,
          summary: "The published bills of one of the parent's registrants",
          security,
          params: idParamsSchema,
          response: { 200: registrantBillsResponseSchema, ...errors },
        },
      },
      (req) => parentBills(contextOf(req), req.params.id),
    );

    app.get(
      '/registrant_payment/:id/wait',
      {
        config: user,
        schema: {
          tags,
          summary: 'Long poll: answers when the bills differ from `version` (or after about 25 s)',
          security,
          params: idParamsSchema,
          querystring: z.strictObject({
            version: z.coerce
              .number({ error: 'Versi tidak valid.' })
              .int()
              .min(0)
              .max(2 ** 40),
          }),
          response: { 200: registrantBillsResponseSchema, ...errors },
        },
      },
      (req) => waitForBills(contextOf(req), signals, req.params.id, req.query.version, waitMs),
    );

    app.post(
      '/registrant_payment/:id/charge',
      {
        config: user,
        schema: {
          tags,
          summary:
            'Get the payment number (VA, Mandiri bill key or QRIS) of an installment on the chosen channel',
          security,
          params: idParamsSchema,
          body: chargeSchema.required({ installment_id: true }),
          response: { 200: chargeResponseSchema, ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        message: BILL_MSG.vaCreated,
        data: await parentCharge(contextOf(req), req.params.id, req.body.installment_id, req.body.channel),
      }),
    );

    app.get(
      '/registrant_payment/receipt/:id',
      {
        config: user,
        schema: {
          tags,
          summary: "Receipt (PDF) of one of the parent's bills, once something is paid",
          security,
          params: idParamsSchema,
          produces: ['application/pdf'],
          response: { 200: binaryResponse('The receipt', ['application/pdf']), ...errors },
        },
      },
      async (req, reply) => {
        const { file, name } = await parentReceipt(contextOf(req), req.params.id);
        return sendRaw(
          reply,
          { 'content-type': 'application/pdf', 'content-disposition': contentDisposition(name) },
          file,
        );
      },
    );

    app.get(
      '/registrant_payment/:id/qris/:charge_id',
      {
        config: user,
        schema: {
          tags,
          summary: "The QRIS code (PNG) of a charge of the parent's registrant",
          security,
          params: idParamsSchema.extend({ charge_id: idParamsSchema.shape.id }),
          produces: ['image/png'],
          response: { 200: binaryResponse('The QR code', ['image/png']), ...errors },
        },
      },
      async (req, reply) => {
        const png = await parentQris(contextOf(req), req.params.id, req.params.charge_id);
        return sendRaw(reply, { 'content-type': 'image/png', 'cache-control': 'private, max-age=3600' }, png);
      },
    );
  };
}
