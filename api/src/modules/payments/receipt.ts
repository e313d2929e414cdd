import {
  BILL_STATE_LABELS,
  type BillView,
  CHANNEL_INFO,
  formatDate,
  formatDateTime,
  formatRupiah,
} from '@psb/contracts';
import { latin, pdfColor, renderPdf } from '../../lib/pdf';

const MARGIN = 36;
/** The label column's share of the line; the value column takes the rest, right-aligned to the margin. */
const LABEL_WIDTH = 150;
const GAP = 8;
const PAID = ['settlement', 'capture'];

type Installment = BillView['installments'][number];

/** The admin fee paid with an installment: that of the provider charge that paid it (none when staff recorded it). */
const feeOf = (i: Installment) =>
  i.paid_at && i.paid_via === 'provider' && i.charge && PAID.includes(i.charge.status)
    ? i.charge.fee_amount
    : 0;

/**
 * The parent's receipt of a bill: who, what, each line, each installment with when and how it was paid and
 * the admin fee paid with it, what was paid in all and what is left. Drawn for paid and partly paid bills alike
 * (a partly paid one says so). A5 with the same margin on every side; dates in Indonesian, times in WIB.
 */
export function receiptPdf(bill: BillView, tenant: { name: string; themeColor: string }) {
  return renderPdf(
    { size: 'A5', margin: MARGIN, info: { Title: `Bukti Pembayaran ${bill.registration_number}` } },
    (doc) => {
      const color = pdfColor(tenant.themeColor);
      const valueLeft = MARGIN + LABEL_WIDTH + GAP;
      const valueWidth = doc.page.width - MARGIN - valueLeft;
      const row = (label: string, value: string, bold = false) => {
        const y = doc.y;
        doc
          .font('Helvetica')
          .fontSize(9)
          .fillColor('#333')
          .text(latin(label), MARGIN, y, { width: LABEL_WIDTH });
        const labelEnd = doc.y;
        doc
          .font(bold ? 'Helvetica-Bold' : 'Helvetica')
          .text(latin(value), valueLeft, y, { width: valueWidth, align: 'right' });
        // Either column may wrap; the next row starts below the longer one.
        doc.x = MARGIN;
        doc.y = Math.max(labelEnd, doc.y);
        doc.moveDown(0.3);
      };
      const heading = (text: string) => {
        doc.moveDown(0.5);
        doc.font('Helvetica-Bold').fontSize(10).fillColor('#000').text(text, MARGIN);
      };
      doc.font('Helvetica-Bold').fontSize(14).fillColor(color).text(latin(tenant.name));
      doc.fontSize(12).fillColor('#000').text('Bukti Pembayaran');
      doc.moveDown(0.5);
      row('Nama calon murid', bill.registrant_name ?? '-');
      row('No. pendaftaran', bill.registration_number);
      row('Sekolah', bill.school_name);
      row('Jenis pembayaran', bill.type_name);
      if (bill.due_date) row('Batas pelunasan', formatDate(bill.due_date));
      row('Status', BILL_STATE_LABELS[bill.state], true);
      heading('Rincian');
      for (const l of bill.lines) row(l.name, formatRupiah(l.amount));
      if (bill.discount_amount) row('Keringanan', `-${formatRupiah(bill.discount_amount)}`);
      if (bill.voluntary_amount) row('Sumbangan sukarela', formatRupiah(bill.voluntary_amount));
      row('Total tagihan', formatRupiah(bill.total_amount), true);
      heading('Pembayaran');
      for (const i of bill.installments) {
        const name = bill.installments.length > 1 ? `Cicilan ${i.seq}` : 'Pembayaran';
        if (!i.paid_at) {
          row(name, `${formatRupiah(i.amount)}, belum dibayar`);
          continue;
        }
        const how =
          i.paid_via === 'manual' ? 'dicatat petugas' : i.charge ? CHANNEL_INFO[i.charge.channel].label : '';
        row(how ? `${name} (${how})` : name, formatRupiah(i.amount));
        const fee = feeOf(i);
        if (fee > 0) row('Biaya admin', formatRupiah(fee));
        row('Dibayar pada', formatDateTime(i.paid_at));
      }
      const fees = bill.installments.reduce((sum, i) => sum + feeOf(i), 0);
      heading('Ringkasan');
      row('Sudah dibayar untuk tagihan', formatRupiah(bill.paid_amount));
      if (fees > 0) row('Biaya admin', formatRupiah(fees));
      row('Total dibayar', formatRupiah(bill.paid_amount + fees), true);
      row('Sisa tagihan', formatRupiah(bill.total_amount - bill.paid_amount), true);
      doc.moveDown(1);
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor('#666')
        .text(
          latin(
            `Dicetak ${formatDateTime(new Date())}. Bukti ini dibuat otomatis oleh aplikasi PSB dan sah tanpa tanda tangan.`,
          ),
          MARGIN,
          doc.y,
          { width: doc.page.width - 2 * MARGIN },
        );
    },
  );
}
