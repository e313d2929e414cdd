import { errorResponseSchema } from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MidtransNotificationBody } from '../../integrations/midtrans/types';
import { receiveNotification } from './notification';

const text = (max: number) => z.string().max(max);

/** The fields we read; the rest of Midtrans' body is kept as received (new fields appear over time). */
const notificationSchema = z.looseObject({
  order_id: text(50).min(1),
  status_code: text(10).min(1),
  gross_amount: text(30).min(1),
  signature_key: text(200).min(1),
  transaction_status: text(40).min(1),
});

/** Where the payment provider reports every status change of our orders. */
const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/us/midtrans_notification',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments (provider)'],
        summary:
          'Midtrans HTTP notification: signature checked, stored once per transaction and status, applied afterwards',
        security: [],
        body: notificationSchema,
        response: {
          200: z.object({ success: z.literal(true), outcome: z.string() }),
          '4xx': errorResponseSchema,
        },
      },
    },
    async (req, reply) => {
      const { pool, payments, jobs } = req.server.ctx;
      const r = await receiveNotification(
        { pool, gateway: payments, jobs },
        req.body as MidtransNotificationBody,
        req.log,
      );
      if (r.status === 403)
        return reply.code(403).send({ success: false, message: 'Tanda tangan notifikasi tidak valid.' });
      if (r.status === 400)
        return reply
          .code(400)
          .send({ success: false, message: 'Status transaksi tidak sesuai dengan kode statusnya.' });
      return { success: true as const, outcome: r.outcome };
    },
  );
};

export default notificationRoutes;
