import { BILL_STATE_LABELS, type BillView, CHANNEL_INFO, formatRupiah } from '@psb/contracts';
import { latin, pdfColor, renderPdf } from '../../lib/pdf';

const wib = (iso: string | null) =>
  iso ? `${new Date(Date.parse(iso) + 7 * 3600_000).toISOString().slice(0, 16).replace('T', ' ')} WIB` : '-';

/**
 * The parent's receipt of a bill: who, what, each line, each installment with when and how it was paid, and
 * what is left. Drawn for paid and partly paid bills alike (a partly paid one says so).
 */
export function receiptPdf(bill: BillView, tenant: { name: string; themeColor: string }) {
  return renderPdf(
    { size: 'A5', margin: 36, info: { Title: `Bukti Pembayaran ${bill.registration_number}` } },
    (doc) => {
      const color = pdfColor(tenant.themeColor);
      const row = (label: string, value: string, bold = false) => {
        const y = doc.y;
        doc.font('Helvetica').fontSize(9).fillColor('#333').text(latin(label), 36, y, { width: 200 });
        doc
          .font(bold ? 'Helvetica-Bold' : 'Helvetica')
          .text(latin(value), 240, y, { width: 180, align: 'right' });
        doc.moveDown(0.3);
      };
      doc.font('Helvetica-Bold').fontSize(14).fillColor(color).text(latin(tenant.name));
      doc.fontSize(12).fillColor('#000').text('Bukti Pembayaran');
      doc.moveDown(0.5);
      row('Nama calon murid', bill.registrant_name ?? '-');
      row('No. pendaftaran', bill.registration_number);
      row('Sekolah', bill.school_name);
      row('Jenis pembayaran', bill.type_name);
      row('Status', BILL_STATE_LABELS[bill.state], true);
      doc.moveDown(0.5);
      doc.font('Helvetica-Bold').fontSize(10).text('Rincian');
      for (const l of bill.lines) row(l.name, formatRupiah(l.amount));
      if (bill.discount_amount) row('Keringanan', `-${formatRupiah(bill.discount_amount)}`);
      if (bill.voluntary_amount) row('Sumbangan sukarela', formatRupiah(bill.voluntary_amount));
      row('Total tagihan', formatRupiah(bill.total_amount), true);
      doc.moveDown(0.5);
      doc.font('Helvetica-Bold').fontSize(10).text('Pembayaran');
      for (const i of bill.installments) {
        const how =
          i.paid_via === 'manual' ? 'dicatat petugas' : i.charge ? CHANNEL_INFO[i.charge.channel].label : '';
        row(
          `${bill.installments.length > 1 ? `Cicilan ${i.seq}` : 'Pembayaran'}${i.paid_at ? ` (${how})` : ''}`,
          i.paid_at
            ? `${formatRupiah(i.amount)} — ${wib(i.paid_at)}`
            : `${formatRupiah(i.amount)} — belum dibayar`,
        );
      }
      row('Sudah dibayar', formatRupiah(bill.paid_amount), true);
      row('Sisa', formatRupiah(bill.total_amount - bill.paid_amount), true);
      doc.moveDown(1);
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor('#666')
        .text(
          latin(
            `Dicetak ${wib(new Date().toISOString())}. Bukti ini dibuat otomatis oleh aplikasi PSB dan sah tanpa tanda tangan.`,
          ),
        );
    },
  );
}
