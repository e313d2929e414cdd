import type { BillView } from '@psb/contracts/payments';
import { Alert, formatDateTime, formatRupiah, Stack, Text } from '@psb/ui';

/**
 * Proof of payment on the bill as soon as a payment is credited (the page follows the bill live): one
 * reference per paid installment, the same the parent's WhatsApp or e-mail message carries.
 */
export function PaymentReceipts({ bill }: { bill: BillView }) {
  const paid = bill.installments.filter((i) => i.receipt_reference);
  if (paid.length === 0) return null;
  return (
    <Alert color="green" title="Bukti pembayaran" role="status" data-testid="payment-receipts">
      <Stack gap={4}>
        {paid.map((i) => (
          <Text size="sm" key={i.id}>
            {bill.installments.length > 1 && `Cicilan ${i.seq} · `}
            {formatRupiah(i.amount)} diterima {formatDateTime(i.paid_at)} · Nomor bukti:{' '}
            <Text span ff="monospace" fw={600} data-testid="payment-receipt-reference">
              {i.receipt_reference}
            </Text>
          </Text>
        ))}
        <Text size="sm">
          Salinan bukti ini juga dikirim ke WhatsApp atau email Anda. Simpan nomor bukti ini.
        </Text>
      </Stack>
    </Alert>
  );
}
