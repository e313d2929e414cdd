import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sameSecret } from '../signature';
import { basicAuth, type Json } from '../wire';
import { createOrder, validateCharge } from './charge';
import { expireDue, notify } from './events';
import type { MidtransSimulator } from './index';
import { findOrder, orderAnswer, type SimOrder, statusCodeOf } from './orders';

/** Midtrans answers in its own body shape; the HTTP status mirrors a refusal's code. */
function answer(reply: FastifyReply, body: Json) {
  const code = Number(body.status_code);
  return reply.code(code >= 400 && code !== 407 ? code : 200).send(body);
}

const refusal = (code: string, message: string, extra: Json = {}) => ({
  status_code: code,
  status_message: message,
  id: crypto.randomUUID(),
  ...extra,
});

const NOT_FOUND = refusal('404', "Transaction doesn't exist.");

/** The Core API part: /v2/charge, /v2/{id}/status, /cancel, /expire, with Basic auth by the server key. */
export default async function coreRoutes(
  app: FastifyInstance,
  { simulator }: { simulator: MidtransSimulator },
) {
  // Framework failures (unreadable JSON, …) answer like Midtrans, not like our api.
  app.setErrorHandler((err: { statusCode?: number; message: string }, req, reply) => {
    const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) req.log.error({ err }, 'Midtrans simulator failed');
    return answer(reply, refusal(String(status), status === 500 ? 'Internal server error' : err.message));
  });

  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    if (!sameSecret(req.headers.authorization ?? '', basicAuth(simulator.serverKey))) {
      return answer(
        reply,
        refusal('401', 'Access denied due to unauthorized transaction, please check client or server key'),
      );
    }
  });

  app.post('/v2/charge', async (req, reply) => {
    const db = simulator.db;
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    await expireDue(simulator);
    const valid = validateCharge(req.body, now);
    if (Array.isArray(valid)) {
      return answer(
        reply,
        refusal('400', 'One or more parameters in the payload is invalid.', { validation_messages: valid }),
      );
    }
    const order = await createOrder(db, valid, req.body, now);
    if (order === 'duplicate') {
      return answer(
        reply,
        refusal('406', 'The request could not be completed because order_id has already been utilized.'),
      );
    }
    const message =
      order.payment_type === 'qris'
        ? 'Success, QRIS transaction is created'
        : 'Success, Bank Transfer transaction is created';
    if (simulator.notifyOnCharge) notify(simulator, [[order]]);
    return answer(reply, orderAnswer(order, '201', message));
  });

  const load = async (ref: string): Promise<SimOrder | undefined> => {
    await expireDue(simulator);
    const byOrder = await findOrder(simulator.db, ref);
    if (byOrder || !/^[0-9a-f-]{36}$/i.test(ref)) return byOrder;
    return simulator.db
      .selectFrom('midtrans_simulator_orders')
      .selectAll()
      .where('transaction_id', '=', ref)
      .executeTakeFirst();
  };

  app.get<{ Params: { ref: string } }>('/v2/:ref/status', async (req, reply) => {
    const order = await load(req.params.ref);
    if (!order) return answer(reply, NOT_FOUND);
    return answer(reply, orderAnswer(order, statusCodeOf(order.status), 'Success, transaction is found'));
  });

  /** Cancel and expire both end a payable order; anything else "cannot be modified" (412). */
  const end =
    (to: 'cancel' | 'expire') =>
    async (req: FastifyRequest<{ Params: { ref: string } }>, reply: FastifyReply) => {
      const order = await load(req.params.ref);
      if (!order) return answer(reply, NOT_FOUND);
      const changed = await simulator.db
        .updateTable('midtrans_simulator_orders')
        .set({ status: to, updated_at: new Date() })
        .where('id', '=', order.id)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
      if (!changed)
        return answer(reply, refusal('412', 'Merchant cannot modify the status of the transaction'));
      notify(simulator, [[changed]]);
      return answer(
        reply,
        orderAnswer(
          changed,
          statusCodeOf(to),
          to === 'cancel' ? 'Success, transaction is canceled' : 'Success, transaction is expired',
        ),
      );
    };
  app.post('/v2/:ref/cancel', end('cancel'));
  app.post('/v2/:ref/expire', end('expire'));
}
