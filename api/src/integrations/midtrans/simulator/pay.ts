import { formatRupiah } from '@psb/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { z } from 'zod';
import { HttpError } from '../../../lib/http-error';
import { ORDER_ID, ORDER_ID_TEXT } from '../wire';
import { expireDue, notificationBody, notify } from './events';
import type { MidtransSimulator } from './index';
import { findOrder, findPayable, isOpenAmount, type SimOrder } from './orders';
import { payPage } from './pay-page';

const code = z
  .string()
  .trim()
  .regex(/^\d{1,30}$/, 'Hanya angka.');
const count = (max: number) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(max).optional());
const flag = z
  .preprocess((v) => v === true || v === 'true' || v === '1' || v === 'on', z.boolean())
  .optional();

const orderIdField = z.string().trim().regex(ORDER_ID, 'Order id tidak valid.');

/** What a tester (or a test) pays: one way to name the order, and optionally another amount. */
const payBody = z
  .object({
    va_number: code.optional(),
    bill_key: code.optional(),
    order_id: orderIdField.optional(),
    amount: count(1_000_000_000_000),
    /** Send the settlement notification this many times, at once. */
    duplicates: count(20),
    /** Send the settlement first, then a stale pending notification. */
    out_of_order: flag,
    /** Send no notification at all, as when every delivery was lost: only the status answer tells. */
    silent: flag,
  })
  .strict()
  .refine((b) => b.va_number || b.bill_key || b.order_id, {
    message: 'Isi nomor VA, kode bayar Mandiri, atau order id.',
  });
type PayBody = z.infer<typeof payBody>;

const STATUS_WORDS: Record<string, string> = {
  settlement: 'sudah dibayar',
  expire: 'sudah kedaluwarsa',
  cancel: 'sudah dibatalkan',
  deny: 'sudah ditolak bank',
};

/**
 * Settles a payable order and queues its notifications (the request does not wait for them). From the pay
 * page a closed order takes only its own amount, as the bank's teller would; the JSON call may still send
 * another amount to model a mismatch.
 */
export async function pay(
  sim: MidtransSimulator,
  body: PayBody,
  from: 'page' | 'api' = 'api',
): Promise<SimOrder> {
  await expireDue(sim);
  const order = await findPayable(sim.db, body);
  if (!order) throw new HttpError(404, 'Tagihan dengan kode itu tidak ditemukan di simulator.');
  if (order.status !== 'pending')
    throw new HttpError(409, `Tagihan ${order.order_id} ${STATUS_WORDS[order.status] ?? order.status}.`);
  if (
    from === 'page' &&
    body.amount !== undefined &&
    body.amount !== order.gross_amount &&
    !isOpenAmount(sim, order)
  )
    throw new HttpError(
      400,
      `Ditolak bank: nomor ini bernominal tetap, hanya menerima tepat ${formatRupiah(order.gross_amount)}.`,
      { amount: 'Jumlah harus sama dengan tagihan.' },
    );
  const settled = await sim.db
    .updateTable('midtrans_simulator_orders')
    .set({
      status: 'settlement',
      paid_amount: body.amount ?? order.gross_amount,
      settlement_time: new Date(Math.floor(Date.now() / 1000) * 1000),
      updated_at: new Date(),
    })
    .where('id', '=', order.id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  if (!settled) throw new HttpError(409, `Tagihan ${order.order_id} baru saja berubah; muat ulang.`);
  const settlement = notificationBody(settled, sim.serverKey);
  const groups = [Array.from({ length: body.duplicates ?? 1 }, () => settlement)];
  if (body.out_of_order) groups.push([notificationBody(order, sim.serverKey)]);
  if (!body.silent) sim.notifier.send(groups);
  return settled;
}

const isForm = (req: FastifyRequest) =>
  String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

function readBody(req: FastifyRequest): PayBody {
  const parsed = payBody.safeParse(req.body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new HttpError(400, issue?.message ?? 'Data tidak valid.', {
    [issue?.path.join('.') || '_']: issue?.message ?? 'Data tidak valid.',
  });
}

/** The tester's side: the pay page, paying, expiring what is due, and QRIS images. */
export default async function payRoutes(
  app: FastifyInstance,
  { simulator }: { simulator: MidtransSimulator },
) {
  // The page posts a plain form, so it works without any script under the app's CSP.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, text, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(text))));
  });

  const html = (reply: FastifyReply, status: number, page: string) =>
    reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);

  app.get<{ Querystring: { kode?: string; pesan?: string } }>('/pay', async (req, reply) => {
    const kode = typeof req.query.kode === 'string' ? req.query.kode.trim().slice(0, 60) : '';
    let order: SimOrder | undefined;
    if (kode) {
      await expireDue(simulator);
      order = /^\d+$/.test(kode)
        ? ((await findPayable(simulator.db, { va_number: kode })) ??
          (await findPayable(simulator.db, { bill_key: kode })))
        : undefined;
      order ??= await findOrder(simulator.db, kode);
    }
    const notice =
      req.query.pesan === 'lunas' ? 'Pembayaran tercatat; notifikasi dikirim ke aplikasi.' : undefined;
    return html(
      reply,
      200,
      payPage({
        kode,
        order: order && { ...order, open_amount: isOpenAmount(simulator, order) },
        searched: !!kode,
        notice,
      }),
    );
  });

  app.post('/pay', async (req, reply) => {
    const form = isForm(req);
    try {
      const order = await pay(simulator, readBody(req), form ? 'page' : 'api');
      if (form) {
        // Post/redirect/get: a reload does not pay twice. Relative, so the Host header plays no part.
        const q = new URLSearchParams({ kode: order.order_id, pesan: 'lunas' });
        return reply.code(303).header('location', `/simulator/midtrans/pay?${q}`).send();
      }
      return {
        success: true,
        order_id: order.order_id,
        transaction_status: order.status,
        paid_amount: order.paid_amount,
      };
    } catch (err) {
      if (!form || !(err instanceof HttpError)) throw err;
      // The order stays on screen beside the refusal, so the tester can pay it right.
      const posted = (req.body as { order_id?: unknown } | undefined)?.order_id;
      const order =
        typeof posted === 'string' && ORDER_ID.test(posted)
          ? await findOrder(simulator.db, posted)
          : undefined;
      return html(
        reply,
        err.statusCode,
        payPage({
          kode: order?.order_id ?? '',
          order: order && { ...order, open_amount: isOpenAmount(simulator, order) },
          searched: false,
          error: err.message,
        }),
      );
    }
  });

  /** A tester moves one order from `from` to `to` and we are notified, as the bank or the clock would. */
  const testerMove =
    (from: 'settlement' | 'pending', to: 'deny' | 'expire', refusal: string) =>
    async (req: { body: unknown }) => {
      const parsed = z
        .object({ order_id: orderIdField })
        .strict()
        .safeParse(req.body ?? {});
      if (!parsed.success)
        throw new HttpError(400, 'Isi order id yang valid.', { order_id: 'Order id tidak valid.' });
      const order = await findOrder(simulator.db, parsed.data.order_id);
      if (!order) throw new HttpError(404, 'Tagihan dengan order id itu tidak ditemukan di simulator.');
      const moved = await simulator.db
        .updateTable('midtrans_simulator_orders')
        .set({ status: to, updated_at: new Date() })
        .where('id', '=', order.id)
        .where('status', '=', from)
        .returningAll()
        .executeTakeFirst();
      if (!moved) throw new HttpError(409, `${refusal} (status: ${order.status}).`);
      notify(simulator, [[moved]]);
      return { success: true, order_id: moved.order_id, transaction_status: moved.status };
    };
  /** A bank reversal after payment (Mandiri bill payments do this within about a minute): settlement → deny. */
  app.post(
    '/reverse',
    testerMove('settlement', 'deny', 'Hanya tagihan yang sudah dibayar yang bisa dibatalkan bank'),
  );
  /** One payable number runs out now, as its expiry would: pending → expire. */
  app.post(
    '/expire',
    testerMove('pending', 'expire', 'Hanya tagihan yang belum dibayar yang bisa dibuat kedaluwarsa'),
  );

  app.post('/expire_due', async () => {
    const expired = await expireDue(simulator);
    const resent = await simulator.notifier.resumeDue();
    return { success: true, expired, notifications_resent: resent };
  });

  app.get<{ Params: { file: string } }>('/qris/:file', async (req, reply) => {
    const orderId = new RegExp(`^(${ORDER_ID_TEXT})\\.png$`).exec(req.params.file)?.[1];
    const order = orderId ? await findOrder(simulator.db, orderId) : undefined;
    if (!order?.qr_string) throw new HttpError(404, 'Kode QR tidak ditemukan.');
    const png = await QRCode.toBuffer(order.qr_string, { type: 'png', margin: 2, width: 320 });
    return reply.type('image/png').header('cache-control', 'no-store').send(png);
  });
}
