import crypto from 'node:crypto';
import type { Db } from '../../../db/kysely';
import { parseWib } from '../wib';
import { isObj, type Json, ORDER_ID } from '../wire';
import { CODE_LENGTHS, issueCode, MANDIRI_BILLER_CODE, normaliseCode, type SimOrder } from './orders';

/** A charge the simulator accepted: what to store. */
export interface ValidCharge {
  orderId: string;
  grossAmount: number;
  paymentType: 'bank_transfer' | 'echannel' | 'qris';
  bank: string;
  customCode: string | undefined;
  orderTime: Date;
  expiryTime: Date;
}

const BANKS = ['bca', 'bni', 'bri', 'cimb', 'permata'];
const UNIT_MS: Record<string, number> = { second: 1000, minute: 60_000, hour: 3_600_000, day: 86_400_000 };
const DEFAULT_EXPIRY_MS = 24 * 3_600_000;
const MIN_EXPIRY_MS = 20_000;
const MAX_EXPIRY_MS = 180 * 86_400_000;

const obj = (v: unknown): Json | undefined => (isObj(v) ? v : undefined);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/** Checks a charge body the way Midtrans does; the list of problems is its `validation_messages`. */
export function validateCharge(raw: unknown, now: Date): ValidCharge | string[] {
  const body = obj(raw);
  if (!body) return ['request body is not a JSON object'];
  const problems: string[] = [];
  const td = obj(body.transaction_details);
  const orderId = td?.order_id;
  if (typeof orderId !== 'string' || !ORDER_ID.test(orderId))
    problems.push('transaction_details.order_id must be 1-50 letters, digits or - _ ~ .');
  const gross = td?.gross_amount;
  if (!isCount(gross) || gross <= 0)
    problems.push('transaction_details.gross_amount must be a positive integer');

  if (body.item_details !== undefined) {
    const items = Array.isArray(body.item_details) ? body.item_details.map(obj) : null;
    if (
      !items ||
      items.some(
        (i) =>
          !i ||
          typeof i.name !== 'string' ||
          !isCount(i.price) ||
          !isCount(i.quantity) ||
          (i.quantity as number) < 1,
      )
    ) {
      problems.push('item_details must list name, integer price and quantity');
    } else if (isCount(gross)) {
      const sum = items.reduce((s, i) => s + (i!.price as number) * (i!.quantity as number), 0);
      if (sum !== gross)
        problems.push('transaction_details.gross_amount is not equal to the sum of item_details');
    }
  }

  let bank = '';
  let customCode: unknown;
  const type = body.payment_type;
  if (type === 'bank_transfer') {
    const bt = obj(body.bank_transfer);
    bank = typeof bt?.bank === 'string' ? bt.bank : '';
    if (!BANKS.includes(bank))
      problems.push('bank_transfer.bank must be one of bca, bni, bri, cimb, permata');
    customCode = bt?.va_number;
  } else if (type === 'echannel') {
    bank = 'mandiri';
    const ec = obj(body.echannel);
    if (typeof ec?.bill_info1 !== 'string' || ec.bill_info1.length < 1 || ec.bill_info1.length > 10)
      problems.push('echannel.bill_info1 is required, at most 10 characters');
    if (typeof ec?.bill_info2 !== 'string' || ec.bill_info2.length < 1 || ec.bill_info2.length > 30)
      problems.push('echannel.bill_info2 is required, at most 30 characters');
    customCode = ec?.bill_key;
  } else if (type === 'qris') {
    bank = 'qris';
  } else {
    problems.push('payment_type must be bank_transfer, echannel or qris');
  }
  if (customCode !== undefined && (typeof customCode !== 'string' || !/^\d{1,30}$/.test(customCode)))
    problems.push(
      type === 'echannel' ? 'echannel.bill_key must be digits' : 'bank_transfer.va_number must be digits',
    );

  let orderTime = now;
  let expiryMs = DEFAULT_EXPIRY_MS;
  if (body.custom_expiry !== undefined) {
    const ce = obj(body.custom_expiry);
    const unit = ce?.unit ?? 'minute';
    const at = ce?.order_time === undefined ? now : parseWib(String(ce.order_time));
    if (!at) problems.push('custom_expiry.order_time must be "YYYY-MM-DD HH:MM:SS +0700"');
    else orderTime = at;
    if (typeof unit !== 'string' || !UNIT_MS[unit])
      problems.push('custom_expiry.unit must be second, minute, hour or day');
    else if (!isCount(ce?.expiry_duration) || (ce.expiry_duration as number) <= 0)
      problems.push('custom_expiry.expiry_duration must be a positive integer');
    else expiryMs = (ce!.expiry_duration as number) * UNIT_MS[unit]!;
    if (expiryMs < MIN_EXPIRY_MS || expiryMs > MAX_EXPIRY_MS)
      problems.push('custom_expiry must be between 20 seconds and 180 days');
  }
  if (problems.length > 0) return problems;
  return {
    orderId: orderId as string,
    grossAmount: gross as number,
    paymentType: type as ValidCharge['paymentType'],
    bank,
    customCode:
      typeof customCode === 'string' && CODE_LENGTHS[bank] ? normaliseCode(bank, customCode) : undefined,
    orderTime,
    expiryTime: new Date(orderTime.getTime() + expiryMs),
  };
}

const UNIQUE_VIOLATION = '23505';
const violated = (err: unknown, index: string) =>
  !!err &&
  typeof err === 'object' &&
  (err as { code?: string }).code === UNIQUE_VIOLATION &&
  (err as { constraint?: string }).constraint === index;

/**
 * Stores the order with its payment code: the requested custom number unless a payable order of the same
 * bank holds it, then (as Midtrans does, silently) a freshly issued one. 'duplicate' when the order id is live.
 */
export async function createOrder(
  db: Db,
  c: ValidCharge,
  request: unknown,
  now: Date,
): Promise<SimOrder | 'duplicate'> {
  // A live order under this id (anything but cancelled or expired) makes the insert fail on its unique key.
  let code = c.bank === 'qris' ? null : (c.customCode ?? issueCode(c.bank));
  for (let attempt = 0; ; attempt++) {
    try {
      const transactionId = crypto.randomUUID();
      return await db
        .insertInto('midtrans_simulator_orders')
        .values({
          order_id: c.orderId,
          transaction_id: transactionId,
          payment_type: c.paymentType,
          bank: c.bank,
          payment_code: code,
          biller_code: c.bank === 'mandiri' ? MANDIRI_BILLER_CODE : null,
          qr_string: c.bank === 'qris' ? qrString(c.orderId, transactionId, c.grossAmount) : null,
          gross_amount: c.grossAmount,
          transaction_time: now,
          expiry_time: c.expiryTime,
          request: JSON.stringify(request),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (err) {
      if (violated(err, 'midtrans_simulator_orders_live_order')) return 'duplicate';
      if (!violated(err, 'midtrans_simulator_orders_live_code') || attempt >= 10) throw err;
      code = issueCode(c.bank);
    }
  }
}

/** A QRIS-looking payload (EMV tags) that names the order; only the simulator reads it back. */
function qrString(orderId: string, transactionId: string, amount: number): string {
  const tag = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;
  return [
    tag('00', '01'),
    tag('01', '12'),
    tag('26', tag('00', 'ID.CO.MIDTRANS.SIMULATOR') + tag('01', transactionId)),
    tag('53', '360'),
    tag('54', String(amount)),
    tag('58', 'ID'),
    tag('59', 'PSB SIMULATOR'),
    tag('62', tag('01', orderId)),
  ].join('');
}
