/**
 * Splits a bill into `count` installments that sum exactly to it: equal parts rounded down to the rupiah, the
 * remainder on the first; due dates a month apart from the first (the last day of a shorter month when the
 * day does not exist there).
 */
export function splitInstallments(
  total: number,
  count: number,
  firstDue: string,
): { amount: number; due_date: string }[] {
  if (!Number.isInteger(total) || total <= 0) throw new Error('total must be a positive integer');
  const n = Math.max(1, Math.min(count, total));
  const base = Math.floor(total / n);
  const [y, m, d] = firstDue.split('-').map(Number) as [number, number, number];
  return Array.from({ length: n }, (_, k) => {
    const monthIndex = m - 1 + k;
    const year = y + Math.floor(monthIndex / 12);
    const month = (monthIndex % 12) + 1;
    const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const day = Math.min(d, lastDay);
    return {
      amount: k === 0 ? total - base * (n - 1) : base,
      due_date: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    };
  });
}
