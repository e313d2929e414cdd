import { CHANNEL_INFO, formatRupiah, type OrderView, PURCHASE_STATE_LABELS } from '@psb/contracts';
import { latin, pdfColor, renderPdf } from '../../../lib/pdf';

const wib = (iso: string | null) =>
  iso ? `${new Date(Date.parse(iso) + 7 * 3600_000).toISOString().slice(0, 16).replace('T', ' ')} WIB` : '-';

/** The parent's invoice of an item order: who, each line, the fee, the total and how it was (or is) paid. */
export function orderInvoicePdf(order: OrderView, tenant: { name: string; themeColor: string }) {
  return renderPdf({ size: 'A5', margin: 36, info: { Title: `Invoice Pesanan ${order.id}` } }, (doc) => {
    const color = pdfColor(tenant.themeColor);
    const row = (label: string, value: string, bold = false) => {
      const y = doc.y;
      doc.font('Helvetica').fontSize(9).fillColor('#333').text(latin(label), 36, y, { width: 220 });
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .text(latin(value), 260, y, { width: 160, align: 'right' });
      doc.moveDown(0.3);
    };
    doc.font('Helvetica-Bold').fontSize(14).fillColor(color).text(latin(tenant.name));
    doc.fontSize(12).fillColor('#000').text(`Invoice Pesanan #${order.id}`);
    doc.moveDown(0.5);
    row('Nama calon murid', order.registrant_name ?? '-');
    row('No. pendaftaran', order.registration_number);
    row('Sekolah', order.school_name);
    row('Tanggal pesan', wib(order.checked_out_at));
    row('Status', PURCHASE_STATE_LABELS[order.state], true);
    doc.moveDown(0.5);
    doc.font('Helvetica-Bold').fontSize(10).text('Rincian');
    for (const l of order.lines)
      row(`${l.name} × ${l.quantity} @ ${formatRupiah(l.price)}`, formatRupiah(l.price * l.quantity));
    row('Subtotal', formatRupiah(order.total), true);
    if (order.fee) row('Biaya layanan', formatRupiah(order.fee));
    row('Total', formatRupiah(order.total + order.fee), true);
    doc.moveDown(0.5);
    if (order.charge) {
      const info = CHANNEL_INFO[order.charge.channel];
      row('Metode pembayaran', info.label);
      const number = order.charge.va_number ?? order.charge.bill_key;
      if (number) row(info.numberLabel, number);
    }
    row('Dibayar', order.paid_at ? wib(order.paid_at) : 'Belum dibayar', true);
    doc.moveDown(1);
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#666')
      .text(
        latin(`Dicetak ${wib(new Date().toISOString())}. Invoice ini dibuat otomatis oleh aplikasi PSB.`),
      );
  });
}
