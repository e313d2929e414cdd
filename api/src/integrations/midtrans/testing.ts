import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChargeRequest, MidtransNotificationBody, PaymentChannel } from './types';

/** A received notification: what Midtrans (or the simulator) POSTed. */
export interface ReceivedNotification {
  headers: http.IncomingHttpHeaders;
  body: MidtransNotificationBody;
}

/**
 * A merchant endpoint on a free local port for tests: records each notification and answers with the status
 * `reply` picks (200 by default).
 */
export async function startNotificationReceiver() {
  const received: ReceivedNotification[] = [];
  const receiver = {
    received,
    reply: (_body: MidtransNotificationBody): number => 200,
    url: '',
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    /** Received bodies of one order (optionally one status), oldest first. */
    of(orderId: string, status?: string) {
      return received.filter(
        (n) => n.body.order_id === orderId && (!status || n.body.transaction_status === status),
      );
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as MidtransNotificationBody;
      received.push({ headers: req.headers, body });
      res.writeHead(receiver.reply(body), { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/notify`;
  return receiver;
}

let seq = 0;
/** A charge of `amount` rupiah (two item lines) under a fresh order id. */
export function chargeRequest(
  channel: PaymentChannel,
  overrides: Partial<ChargeRequest> & { amount?: number } = {},
): ChargeRequest {
  seq += 1;
  const { amount = 150_000, ...rest } = overrides;
  return {
    orderId: `T-${Date.now().toString(36)}-${process.pid}-${seq}`,
    grossAmount: amount,
    channel,
    expiry: { orderTime: new Date(), minutes: 60 },
    customer: { name: 'Budi Santoso', email: 'budi@example.id', phone: '081234567890' },
    items: [
      { id: 'biaya', name: 'Biaya pendaftaran', price: amount - 4_000, quantity: 1 },
      { id: 'admin', name: 'Biaya layanan', price: 4_000, quantity: 1 },
    ],
    ...rest,
  };
}
