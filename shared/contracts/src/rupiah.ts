/**
 * Rupiah as the product shows it: `Rp. 1.250.000`, no decimals, dots between thousands, a leading minus for
 * negative amounts. Grouping is done by hand so the output does not depend on the browser's locale data.
 */
export function formatRupiah(amount: number | bigint | string | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return 'Rp. 0';
  let value: bigint;
  if (typeof amount === 'bigint') value = amount;
  else {
    const n = typeof amount === 'string' ? Number(amount) : amount;
    value = Number.isFinite(n) ? BigInt(Math.round(n)) : 0n;
  }
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}Rp. ${digits}`;
}
