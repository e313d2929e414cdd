import { splitInstallments } from './installments';

describe('splitInstallments', () => {
  it.each([
    [1_000_000, 3],
    [7_500_001, 12],
    [5, 2],
    [999_999, 1],
  ])('parts of %d in %d sum to the bill', (total, count) => {
    const parts = splitInstallments(total, count, '2027-01-31');
    expect(parts).toHaveLength(count);
    expect(parts.reduce((s, p) => s + p.amount, 0)).toBe(total);
    expect(Math.max(...parts.map((p) => p.amount)) - Math.min(...parts.map((p) => p.amount))).toBeLessThan(
      count,
    );
  });

  it('puts due dates a month apart, clamped to short months', () => {
    expect(splitInstallments(300, 3, '2027-01-31').map((p) => p.due_date)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
    ]);
    expect(splitInstallments(200, 2, '2027-12-15').map((p) => p.due_date)).toEqual([
      '2027-12-15',
      '2028-01-15',
    ]);
  });

  it('never makes more parts than rupiah', () => {
    expect(splitInstallments(2, 5, '2027-01-01')).toHaveLength(2);
  });
});
