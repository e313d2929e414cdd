import { formatRupiah } from '@psb/contracts';
import type { TenantConn } from '../../db/tenant-db';
import { writeOutbox } from '../content';
import { billsWithRegistrant } from './repository';

export type BillMessageKind = 'published' | 'paid' | 'expired';

/**
 * The texts of the messages, with {type} (payment type), {name} (registrant), {who} (name and registration
 * number), {total} and {paid} (rupiah) to fill in. Written once here: the notification endpoint's one-statement
 * path (migration 0047) fills the "paid" ones in the database.
 */
export const BILL_MESSAGES = {
  published: {
    subject: 'Tagihan {type} {name}',
    body: 'Tagihan {type} untuk {who} sebesar {total} sudah terbit. Buka aplikasi PSB, tekan Detail pada kartu calon murid di Beranda, lalu lihat nomor pembayaran dan cara membayar di bagian Pembayaran.',
  },
  paidInFull: {
    subject: 'Pembayaran {type} lunas',
    body: 'Terima kasih. Pembayaran {type} untuk {who} sebesar {total} sudah lunas. Bukti pembayaran dapat diunduh di aplikasi PSB.',
  },
  paidInPart: {
    subject: 'Pembayaran {type} diterima',
    body: 'Terima kasih. Pembayaran {type} untuk {who} sudah kami terima: {paid} dari {total}.',
  },
  expired: {
    subject: 'Nomor pembayaran {type} kedaluwarsa',
    body: 'Nomor pembayaran {type} untuk {who} sudah kedaluwarsa. Buka aplikasi PSB lalu pilih metode pembayaran untuk mendapatkan nomor baru.',
  },
} as const;

/** The "paid" templates in the order the database function takes them. */
export const PAID_TEXTS = [
  BILL_MESSAGES.paidInFull.subject,
  BILL_MESSAGES.paidInFull.body,
  BILL_MESSAGES.paidInPart.subject,
  BILL_MESSAGES.paidInPart.body,
];

/** The parent's vouchers bought online, issued once the money arrived: {count}, {total} and {codes}. */
export const VOUCHERS_ISSUED = {
  subject: 'Voucher pendaftaran sudah terbit',
  body: 'Terima kasih. Pembayaran {count} voucher pendaftaran sebesar {total} sudah kami terima. Kode voucher: {codes}. Voucher juga dapat dilihat pada kartu Voucher Pendaftaran di Beranda aplikasi PSB.',
} as const;

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (all, key: string) => values[key] ?? all).trim();

/**
 * Tells the parent about their bill, in the transaction of the change (the outbox sends it; the caller
 * kicks delivery after the commit). One message per bill, kind and paid amount, however often it is asked.
 */
export async function paymentMessage(
  c: TenantConn,
  bill: { id: number },
  kind: BillMessageKind,
  /** What makes this message different from an earlier one of the kind (e.g. the expired charge). */
  occasion = '',
) {
  const b = await billsWithRegistrant(c.db)
    .select([
      'r.user_id',
      'r.name',
      'r.registration_number',
      'h.school_id',
      'h.total_amount',
      'h.paid_amount',
      'h.state',
      't.name as type',
    ])
    .where('h.tenant_id', '=', c.tenantId)
    .where('h.id', '=', bill.id)
    .executeTakeFirst();
  if (!b) return;
  const values = {
    type: b.type,
    name: b.name ?? '',
    who: `${b.name ?? b.registration_number} (no. pendaftaran ${b.registration_number})`,
    total: formatRupiah(Number(b.total_amount)),
    paid: formatRupiah(Number(b.paid_amount)),
  };
  const texts =
    kind === 'paid'
      ? b.state === 'paid'
        ? BILL_MESSAGES.paidInFull
        : BILL_MESSAGES.paidInPart
      : BILL_MESSAGES[kind];
  await writeOutbox(c, {
    userId: b.user_id,
    schoolId: b.school_id,
    template: `payment_${kind}`,
    data: { bill_id: bill.id, paid_amount: Number(b.paid_amount) },
    subject: fill(texts.subject, values),
    body: fill(texts.body, values),
    dedupKey: `payment-${kind}:${bill.id}:${kind === 'paid' ? Number(b.paid_amount) : occasion}`,
  });
}

/** Tells the buyer their vouchers exist, with the codes, in the transaction that issued them. */
export async function vouchersIssuedMessage(
  c: TenantConn,
  purchase: { id: number; userId: number; schoolId: number | null; count: number; unitPrice: number },
  codes: string[],
) {
  const values = {
    count: String(purchase.count),
    total: formatRupiah(purchase.count * purchase.unitPrice),
    codes: codes.join(', '),
  };
  await writeOutbox(c, {
    userId: purchase.userId,
    schoolId: purchase.schoolId,
    template: 'vouchers_issued',
    data: { purchase_id: purchase.id, count: purchase.count },
    subject: fill(VOUCHERS_ISSUED.subject, values),
    body: fill(VOUCHERS_ISSUED.body, values),
    dedupKey: `vouchers-issued:${purchase.id}`,
  });
}
