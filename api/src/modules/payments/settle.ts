import { sql } from 'kysely';
import type { TenantConn } from '../../db/tenant-db';
import type { ProviderOrder, TransactionStatus } from '../../integrations/midtrans/types';
import { paymentMessage } from './messages';
import { lockBill, moveBill, recountBill } from './state';
import { SUBJECTS } from './subjects';

/**
 * What the provider says about an order, applied to our charge by the provider's own status cycle: an open
 * order may become pending (VA issued), paid, expired, cancelled or denied; a paid one may only be denied
 * (Mandiri reverses within minutes), refunded or charged back — never sent back to pending. Money the
 * provider received is never dropped: a settlement on a charge we had already closed (expired, cancelled)
 * still pays the installment, or is flagged when something else paid it meanwhile. An amount that differs
 * from the charge is flagged for staff and not credited.
 */
const OPEN = ['creating', 'pending'];
const CLOSED_UNPAID = ['expire', 'cancel', 'failure', 'error'];
// Read as strings: our charge's status (`from`) is not always one the provider sends.
const REVERSALS: readonly string[] = ['deny', 'refund', 'chargeback'] satisfies TransactionStatus[];

export type ApplyOutcome = 'applied' | 'ignored' | 'flagged' | 'unknown_order';

export async function applyProviderOrder(
  c: TenantConn,
  order: ProviderOrder,
  source: 'charge' | 'notification' | 'reconciler',
): Promise<ApplyOutcome> {
  const charge = await c.db
    .selectFrom('payment_charges')
    .select(['id', 'status', 'installment_id', 'header_id', 'gross_amount', 'purpose', 'subject_id'])
    .where('tenant_id', '=', c.tenantId)
    .where('order_id', '=', order.orderId)
    .forUpdate()
    .executeTakeFirst();
  if (!charge) return 'unknown_order';
  const from = charge.status;
  const to =
    order.status === 'capture' && order.fraudStatus && order.fraudStatus !== 'accept' ? 'deny' : order.status;
  const paid = to === 'settlement' || to === 'capture';

  const update = (set: Record<string, unknown>) =>
    c.db
      .updateTable('payment_charges')
      .set({ ...set, updated_at: sql<Date>`now()` })
      .where('tenant_id', '=', c.tenantId)
      .where('id', '=', charge.id)
      .execute();
  const issued = {
    transaction_id: order.transactionId || null,
    ...(order.vaNumber ? { va_number: order.vaNumber } : {}),
    ...(order.billKey ? { bill_key: order.billKey, biller_code: order.billerCode ?? null } : {}),
    ...(order.qrString ? { qr_string: order.qrString } : {}),
    ...(order.expiresAt ? { expires_at: order.expiresAt } : {}),
  };

  if (to === 'pending') {
    if (from !== 'creating') return 'ignored';
    await update({ status: 'pending', ...issued });
    return 'applied';
  }
  if (paid) {
    if (from === 'settlement' || from === 'capture' || REVERSALS.includes(from)) return 'ignored';
    if (!OPEN.includes(from) && !CLOSED_UNPAID.includes(from)) return 'ignored';
    const settledAt = order.settledAt ?? order.transactionTime ?? new Date();
    if (order.grossAmount !== Number(charge.gross_amount)) {
      await update({
        status: 'settlement',
        ...issued,
        settled_at: settledAt,
        reported_amount: order.grossAmount,
        flag: 'amount_mismatch',
      });
      await markForReview(
        c,
        charge.header_id,
        `Jumlah dibayar (${order.grossAmount}) berbeda dari tagihan pada order ${order.orderId}.`,
      );
      return 'flagged';
    }
    await update({
      status: 'settlement',
      ...issued,
      settled_at: settledAt,
      reported_amount: order.grossAmount,
    });
    if (charge.purpose !== 'installment') {
      if (await creditOther(c, charge.purpose, charge.subject_id, true)) return 'applied';
      // The purchase was already paid (or cancelled) another way: money to hand back, for staff to see.
      await update({ flag: 'paid_twice' });
      return 'flagged';
    }
    const credited = await creditInstallment(
      c,
      charge.installment_id!,
      charge.header_id!,
      Number(charge.id),
      settledAt,
      source,
    );
    if (credited) return 'applied';
    await update({ flag: 'paid_twice' });
    await markForReview(
      c,
      charge.header_id,
      `Cicilan sudah lunas, tetapi order ${order.orderId} juga dibayar.`,
    );
    return 'flagged';
  }
  if (REVERSALS.includes(to) && (from === 'settlement' || from === 'capture')) {
    await update({ status: to });
    if (charge.purpose !== 'installment') {
      await creditOther(c, charge.purpose, charge.subject_id, false);
      return 'applied';
    }
    await reverseInstallment(c, charge.installment_id!, charge.header_id!, Number(charge.id), to);
    return 'applied';
  }
  if (['expire', 'cancel', 'deny', 'failure'].includes(to)) {
    if (!OPEN.includes(from)) return 'ignored';
    await update({ status: to, ...issued });
    await signalHeader(c, charge.header_id);
    return 'applied';
  }
  if (to === 'partial_refund' || to === 'partial_chargeback') {
    if (from !== 'settlement' && from !== 'capture') return 'ignored';
    await update({ status: to });
    await markForReview(c, charge.header_id, `Order ${order.orderId} dikembalikan sebagian oleh penyedia.`);
    return 'flagged';
  }
  return 'ignored';
}

async function creditInstallment(
  c: TenantConn,
  installmentId: number,
  headerId: number,
  chargeId: number,
  settledAt: Date,
  source: string,
) {
  const bill = await lockBill(c, headerId).catch(() => null);
  const res = await c.db
    .updateTable('registrant_installment_payments')
    .set({ paid_at: settledAt, paid_via: 'provider', paid_charge_id: chargeId, updated_at: sql<Date>`now()` })
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', installmentId)
    .where('paid_at', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0 || !bill) return false;
  const after = await recountBill(c, bill, {
    action: 'provider_payment',
    detail: { charge_id: chargeId, source },
  });
  await paymentMessage(c, after, 'paid');
  return true;
}

async function reverseInstallment(
  c: TenantConn,
  installmentId: number,
  headerId: number,
  chargeId: number,
  status: string,
) {
  const bill = await lockBill(c, headerId).catch(() => null);
  const res = await c.db
    .updateTable('registrant_installment_payments')
    .set({ paid_at: null, paid_via: null, paid_charge_id: null, updated_at: sql<Date>`now()` })
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', installmentId)
    .where('paid_charge_id', '=', chargeId)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0 || !bill) return;
  await recountBill(c, bill, { action: 'provider_reversal', detail: { charge_id: chargeId, status } });
}

async function markForReview(c: TenantConn, headerId: number | null, note: string) {
  if (!headerId) return;
  const bill = await lockBill(c, headerId).catch(() => null);
  if (!bill) return;
  await c.db
    .updateTable('registrant_header_payments')
    .set({ needs_review: note.slice(0, 300) })
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', headerId)
    .execute();
  await moveBill(c, bill, bill.state, { action: 'flagged', reason: note.slice(0, 500) });
}

async function signalHeader(c: TenantConn, headerId: number | null) {
  if (!headerId) return;
  const bill = await lockBill(c, headerId).catch(() => null);
  if (bill) await moveBill(c, bill, bill.state, { action: 'charge_closed' });
}

/**
 * Charges that pay for something other than an installment (voucher purchases, item orders): the purpose's
 * handler marks the purchase paid or unpaid; false when it refused (e.g. already cancelled).
 */
async function creditOther(c: TenantConn, purpose: string, subjectId: number | null, paid: boolean) {
  const handler = SUBJECTS[purpose];
  if (!subjectId || !handler) return false;
  return handler(c, subjectId, paid);
}
