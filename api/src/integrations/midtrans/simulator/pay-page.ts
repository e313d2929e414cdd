import { formatDateTime, formatRupiah } from '@psb/contracts';
import { qrImagePath, type SimOrder } from './orders';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STATUS_LABELS: Record<string, string> = {
  pending: 'Menunggu pembayaran',
  settlement: 'Lunas',
  expire: 'Kedaluwarsa',
  cancel: 'Dibatalkan',
  deny: 'Ditolak bank (pembayaran dibatalkan)',
};

const CHANNEL_LABELS: Record<string, string> = {
  bca: 'BCA Virtual Account',
  bni: 'BNI Virtual Account',
  bri: 'BRI Virtual Account',
  cimb: 'CIMB Niaga Virtual Account',
  permata: 'Permata Virtual Account',
  mandiri: 'Mandiri Bill Payment',
  qris: 'QRIS',
};

/** The order as the page shows it: with whether its VA takes any amount. */
export type PageOrder = SimOrder & { open_amount: boolean };

/** "Lunas" only when the amount asked was paid; otherwise what came in, so a short payment is not hidden. */
function statusText(o: SimOrder): string {
  const paid = o.paid_amount ?? o.gross_amount;
  if (o.status !== 'settlement' || paid === o.gross_amount) return STATUS_LABELS[o.status] ?? o.status;
  const gap = Math.abs(o.gross_amount - paid);
  return `Dibayar ${formatRupiah(paid)} (${paid < o.gross_amount ? 'kurang' : 'lebih'} ${formatRupiah(gap)} dari tagihan)`;
}

function orderSection(o: PageOrder): string {
  const code =
    o.bank === 'mandiri'
      ? `<tr><th>Kode perusahaan</th><td>${escapeHtml(o.biller_code ?? '')}</td></tr>
         <tr><th>Kode bayar</th><td>${escapeHtml(o.payment_code ?? '')}</td></tr>`
      : o.payment_code
        ? `<tr><th>Nomor VA</th><td>${escapeHtml(o.payment_code)}</td></tr>`
        : '';
  const rows = `
    <tr><th>Order id</th><td>${escapeHtml(o.order_id)}</td></tr>
    <tr><th>Bank</th><td>${escapeHtml(CHANNEL_LABELS[o.bank] ?? o.bank)}</td></tr>
    ${code}
    <tr><th>Jumlah tagihan</th><td>${formatRupiah(o.gross_amount)}</td></tr>
    ${o.paid_amount !== null ? `<tr><th>Dibayar</th><td>${formatRupiah(o.paid_amount)}</td></tr>` : ''}
    <tr><th>Jenis nominal</th><td>${o.open_amount ? 'Terbuka (bayar berapa saja)' : 'Tetap (harus sama dengan tagihan)'}</td></tr>
    <tr><th>Status</th><td>${escapeHtml(statusText(o))}</td></tr>
    <tr><th>Berlaku sampai</th><td>${formatDateTime(o.expiry_time)}</td></tr>`;
  const qr = o.qr_string
    ? `<p><img src="${escapeHtml(qrImagePath(o.order_id))}" alt="Kode QRIS" width="200" height="200"></p>`
    : '';
  const form =
    o.status === 'pending'
      ? `<form method="post" action="/simulator/midtrans/pay">
          <input type="hidden" name="order_id" value="${escapeHtml(o.order_id)}">
          <label>Jumlah dibayar (rupiah, kosongkan untuk jumlah tagihan${o.open_amount ? '' : '; nominal tetap menolak jumlah lain'})
            <input name="amount" inputmode="numeric" pattern="[0-9]*" placeholder="${o.gross_amount}">
          </label>
          <button type="submit">Bayar</button>
        </form>`
      : '';
  return `<table>${rows}</table>${qr}${form}`;
}

/** The tester's page: find an order by VA number, bill key or order id, and pay it. No script, no external asset. */
export function payPage(p: {
  kode: string;
  order: PageOrder | undefined;
  searched: boolean;
  notice?: string | undefined;
  error?: string | undefined;
}): string {
  const found = p.order
    ? orderSection(p.order)
    : p.searched
      ? '<p class="error">Tagihan tidak ditemukan. Periksa nomor VA, kode bayar, atau order id.</p>'
      : '';
  return `<!doctype html>
<html lang="id">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Simulator Pembayaran Midtrans</title>
<link rel="icon" href="data:,">
<style>
  body { font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; color: #1f2933; }
  table { border-collapse: collapse; margin: 1rem 0; width: 100%; }
  th, td { text-align: left; padding: .4rem .6rem; border-bottom: 1px solid #d9e2ec; }
  th { width: 40%; font-weight: 600; }
  input { padding: .45rem; font-size: 1rem; width: 100%; box-sizing: border-box; margin: .3rem 0 .8rem; }
  button { padding: .55rem 1.4rem; font-size: 1rem; background: #1864ab; color: #fff; border: 0; border-radius: 4px; cursor: pointer; }
  .notice { background: #e6fcf5; padding: .6rem; border-radius: 4px; }
  .error { background: #fff5f5; color: #c92a2a; padding: .6rem; border-radius: 4px; }
  .hint { color: #52606d; font-size: .9rem; }
</style>
</head>
<body>
<h1>Simulator Pembayaran</h1>
<p class="hint">Halaman uji: meniru pembayaran lewat Virtual Account, Mandiri Bill, atau QRIS. Tidak ada uang sungguhan.</p>
${p.notice ? `<p class="notice" role="status">${escapeHtml(p.notice)}</p>` : ''}
${p.error ? `<p class="error" role="alert">${escapeHtml(p.error)}</p>` : ''}
<form method="get" action="/simulator/midtrans/pay">
  <label>Nomor VA, kode bayar Mandiri, atau order id
    <input name="kode" value="${escapeHtml(p.kode)}" required maxlength="60" autocomplete="off">
  </label>
  <button type="submit">Cari tagihan</button>
</form>
${found}
</body>
</html>`;
}
