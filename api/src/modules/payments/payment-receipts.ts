import { formatDateTime, formatRupiah, paymentReceiptReference } from '@psb/contracts';
import type { TenantConn } from '../../db/tenant-db';
import { writeOutbox } from '../content';
import { billsWithRegistrant } from './repository';

/**
 * Proof of payment: a message with the receipt reference for every paid installment of the given bills (or of
 * the given registrants' bills), written in the transaction that credited it so it exists exactly when the
 * payment does. One per installment and payment: asking again writes nothing, and an installment reversed
 * and paid again gets a receipt of its own. The parent's bill view shows the same reference.
 */
export async function writePaymentReceipts(
  c: TenantConn,
  of: { billIds: number[] } | { registrantIds: number[] },
) {
  const ids = 'billIds' in of ? of.billIds : of.registrantIds;
  if (ids.length === 0) return;
  const paid = await billsWithRegistrant(c.db)
    .innerJoin('registrant_installment_payments as i', (j) =>
      j.onRef('i.tenant_id', '=', 'h.tenant_id').onRef('i.header_id', '=', 'h.id'),
    )
    .select([
      'i.id',
      'i.amount',
      'i.paid_at',
      'h.id as bill_id',
      'h.school_id',
      'r.user_id',
      'r.name',
      'r.registration_number',
      't.name as type',
    ])
    .where('i.tenant_id', '=', c.tenantId)
    .where('i.paid_at', 'is not', null)
    .where('billIds' in of ? 'h.id' : 'h.registrant_id', 'in', ids)
    .execute();
  for (const p of paid) {
    const reference = paymentReceiptReference(p.registration_number, p.id);
    const who = `${p.name ?? p.registration_number} (no. pendaftaran ${p.registration_number})`;
    await writeOutbox(c, {
      userId: p.user_id,
      schoolId: p.school_id,
      template: 'payment_receipt',
      data: { bill_id: p.bill_id, installment_id: p.id, reference },
      subject: `Bukti pembayaran ${p.type} ${p.registration_number}`,
      body: `Pembayaran ${p.type} untuk ${who} sebesar ${formatRupiah(Number(p.amount))} sudah kami terima pada ${formatDateTime(p.paid_at!)}. Nomor bukti: ${reference}. Simpan pesan ini sebagai bukti pembayaran.`,
      dedupKey: `payment-receipt:${p.id}:${p.paid_at!.getTime()}`,
    });
  }
}
