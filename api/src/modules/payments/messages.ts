import { formatRupiah } from '@psb/contracts';
import type { TenantConn } from '../../db/tenant-db';
import { writeOutbox } from '../../lib/outbox';

export type BillMessageKind = 'published' | 'paid' | 'expired';

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
  const b = await c.db
    .selectFrom('registrant_header_payments as h')
    .innerJoin('registrants as r', (j) =>
      j.onRef('r.tenant_id', '=', 'h.tenant_id').onRef('r.id', '=', 'h.registrant_id'),
    )
    .innerJoin('mst_type_payments as t', (j) =>
      j.onRef('t.tenant_id', '=', 'h.tenant_id').onRef('t.id', '=', 'h.mst_type_payment_id'),
    )
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
  const who = `${b.name ?? b.registration_number} (no. pendaftaran ${b.registration_number})`;
  const total = formatRupiah(Number(b.total_amount));
  const text: Record<BillMessageKind, { subject: string; body: string }> = {
    published: {
      subject: `Tagihan ${b.type} ${b.name ?? ''}`.trim(),
      body: `Tagihan ${b.type} untuk ${who} sebesar ${total} sudah terbit. Buka menu Calon Murid di aplikasi PSB untuk melihat nomor pembayaran dan cara membayar.`,
    },
    paid: {
      subject: b.state === 'paid' ? `Pembayaran ${b.type} lunas` : `Pembayaran ${b.type} diterima`,
      body:
        b.state === 'paid'
          ? `Terima kasih. Pembayaran ${b.type} untuk ${who} sebesar ${total} sudah lunas. Bukti pembayaran dapat diunduh di aplikasi PSB.`
          : `Terima kasih. Pembayaran ${b.type} untuk ${who} sudah kami terima: ${formatRupiah(Number(b.paid_amount))} dari ${total}.`,
    },
    expired: {
      subject: `Nomor pembayaran ${b.type} kedaluwarsa`,
      body: `Nomor pembayaran ${b.type} untuk ${who} sudah kedaluwarsa. Buka aplikasi PSB lalu pilih metode pembayaran untuk mendapatkan nomor baru.`,
    },
  };
  await writeOutbox(c, {
    userId: b.user_id,
    schoolId: b.school_id,
    template: `payment_${kind}`,
    data: { bill_id: bill.id, paid_amount: Number(b.paid_amount) },
    ...text[kind],
    dedupKey: `payment-${kind}:${bill.id}:${kind === 'paid' ? Number(b.paid_amount) : occasion}`,
  });
}
