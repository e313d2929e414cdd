import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import type { MidtransSimulatorOrders } from '../../../db/generated/database';
import type { Db } from '../../../db/kysely';
import { amountText } from '../signature';
import { formatWib } from '../wib';

export type SimOrder = Selectable<MidtransSimulatorOrders>;
type Json = Record<string, unknown>;

/** A VA of a bank the merchant set to open amount takes any amount; Mandiri bills and QRIS never do. */
export const isOpenAmount = (sim: { openAmountBanks: readonly string[] }, o: SimOrder) =>
  o.payment_type === 'bank_transfer' && sim.openAmountBanks.includes(o.bank);

/** What Midtrans puts in `status_code` for an order in each state, on status queries and action answers. */
const STATUS_CODES: Record<string, string> = {
  pending: '201',
  settlement: '200',
  cancel: '200',
  expire: '407',
};
export const statusCodeOf = (status: string) => STATUS_CODES[status] ?? '202';

/** In notifications, every state that is neither pending nor paid is a plain "202". */
export const notificationCodeOf = (status: string) =>
  status === 'pending' ? '201' : status === 'settlement' ? '200' : '202';

export const MERCHANT_ID = 'G000000000';
export const MANDIRI_BILLER_CODE = '70012';

/**
 * Lengths a custom VA / bill key is cut or zero-padded to, and those of numbers the simulator issues. Midtrans'
 * own pages disagree on these (see README), so they live here in one place.
 */
export const CODE_LENGTHS: Record<string, { min: number; max: number; issued: number; prefix: string }> = {
  bca: { min: 1, max: 11, issued: 11, prefix: '' },
  bni: { min: 1, max: 8, issued: 16, prefix: '988' },
  bri: { min: 1, max: 13, issued: 15, prefix: '' },
  cimb: { min: 1, max: 12, issued: 16, prefix: '' },
  permata: { min: 10, max: 10, issued: 10, prefix: '' },
  mandiri: { min: 6, max: 12, issued: 12, prefix: '' },
};

/** Custom numbers: trailing digits cut when too long, zeros in front when too short (as Midtrans does). */
export function normaliseCode(bank: string, code: string): string {
  const len = CODE_LENGTHS[bank];
  if (!len) return code;
  const cut = code.slice(0, len.max);
  return cut.padStart(len.min, '0');
}

export function issueCode(bank: string): string {
  const len = CODE_LENGTHS[bank] ?? { issued: 12, prefix: '' };
  let digits = len.prefix;
  // The first digit after the prefix is never 0, so the number keeps its length wherever it is shown.
  digits += String(crypto.randomInt(1, 10));
  while (digits.length < len.issued) digits += String(crypto.randomInt(0, 10));
  return digits;
}

/** Orders still payable whose time passed become `expire`; each row is returned once, to one instance. */
export async function expireDueOrders(db: Db): Promise<SimOrder[]> {
  return db
    .updateTable('midtrans_simulator_orders')
    .set({ status: 'expire', updated_at: new Date() })
    .where('status', '=', 'pending')
    .where('expiry_time', '<=', new Date())
    .returningAll()
    .execute();
}

/** The newest order under this order id (earlier ones may have been cancelled or expired and reused). */
export async function findOrder(db: Db, orderId: string): Promise<SimOrder | undefined> {
  return db
    .selectFrom('midtrans_simulator_orders')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The newest order that a VA number or bill key (or the order id itself) points to. */
export async function findPayable(
  db: Db,
  key: { va_number?: string | undefined; bill_key?: string | undefined; order_id?: string | undefined },
): Promise<SimOrder | undefined> {
  if (key.order_id) return findOrder(db, key.order_id);
  const code = key.va_number ?? key.bill_key;
  if (!code) return undefined;
  return db
    .selectFrom('midtrans_simulator_orders')
    .selectAll()
    .where('payment_code', '=', code)
    .where('bank', key.bill_key ? '=' : '<>', 'mandiri')
    .orderBy(({ eb }) => eb.case().when('status', '=', 'pending').then(0).else(1).end())
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Where a qris order's QR image is served; relative, so it never depends on the request's Host. */
export const qrImagePath = (orderId: string) => `/simulator/midtrans/qris/${encodeURIComponent(orderId)}.png`;

/** The answer body Midtrans gives for an order (charge, status, cancel, expire, and the notification). */
export function orderAnswer(o: SimOrder, statusCode: string, statusMessage: string): Json {
  // A payment of another amount (an open-amount VA, or a tester's mismatch) is what Midtrans reports and signs.
  const amount = o.paid_amount ?? o.gross_amount;
  const body: Json = {
    status_code: statusCode,
    status_message: statusMessage,
    transaction_id: o.transaction_id,
    order_id: o.order_id,
    merchant_id: MERCHANT_ID,
    gross_amount: amountText(amount),
    currency: 'IDR',
    payment_type: o.payment_type,
    transaction_time: formatWib(o.transaction_time),
    transaction_status: o.status,
    fraud_status: 'accept',
    expiry_time: formatWib(o.expiry_time),
  };
  if (o.settlement_time) body.settlement_time = formatWib(o.settlement_time);
  if (o.payment_type === 'echannel') {
    body.bill_key = o.payment_code;
    body.biller_code = o.biller_code;
  } else if (o.payment_type === 'qris') {
    body.qr_string = o.qr_string;
    body.acquirer = 'gopay';
    body.actions = [{ name: 'generate-qr-code', method: 'GET', url: qrImagePath(o.order_id) }];
  } else if (o.bank === 'permata') {
    body.permata_va_number = o.payment_code;
  } else {
    body.va_numbers = [{ bank: o.bank, va_number: o.payment_code }];
  }
  if (o.settlement_time && o.paid_amount !== null && o.payment_type === 'bank_transfer') {
    body.payment_amounts = [{ paid_at: formatWib(o.settlement_time), amount: amountText(o.paid_amount) }];
  }
  return body;
}
