import { errorResponseSchema } from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { receiveIrisNotification } from './notification';

/**
 * Where Iris reports each payout status change. Its signature covers the body exactly as sent, so this plugin
 * reads JSON bodies as text (only its own routes: the parser is scoped to this plugin).
 */
const irisNotificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16_384 }, (_req, body, done) =>
    done(null, body),
  );

  app.post(
    '/us/iris_notification',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments (provider)'],
        summary: 'Iris payout notification: Iris-Signature checked, the status applied forward only, once',
        security: [],
        response: {
          200: z.object({ success: z.literal(true), outcome: z.string() }),
          '4xx': errorResponseSchema,
        },
      },
    },
    async (req, reply) => {
      const raw = typeof req.body === 'string' ? req.body : '';
      const header = req.headers['iris-signature'];
      const outcome = await receiveIrisNotification(
        { pool: req.server.ctx.pool, gateway: req.server.ctx.payments },
        raw,
        typeof header === 'string' ? header : undefined,
        req.log,
      );
      if (outcome === 'forged')
        return reply.code(403).send({ success: false, message: 'Tanda tangan notifikasi tidak valid.' });
      return { success: true as const, outcome };
    },
  );
};

export default irisNotificationRoutes;
