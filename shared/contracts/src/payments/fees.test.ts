import { convenienceFee, withConvenienceFee } from './fees';

const flat = (flat_amount: number) =>
  ({ fee_type: 'flat', flat_amount, percent_bp: 0, min_amount: null, max_amount: null }) as const;
const percent = (percent_bp: number, min_amount: number | null = null, max_amount: number | null = null) =>
  ({ fee_type: 'percent', flat_amount: 0, percent_bp, min_amount, max_amount }) as const;

describe('convenienceFee', () => {
  it('charges the flat amount whatever the total', () => {
    expect(convenienceFee(flat(4_000), 150_000)).toBe(4_000);
    expect(convenienceFee(flat(4_000), 12_500_000)).toBe(4_000);
  });

  it('rounds a percentage up to the next rupiah', () => {
    // 0.7 % of 1.250.001 = 8.750,007 → 8.751
    expect(convenienceFee(percent(70), 1_250_001)).toBe(8_751);
    // exact: 2.5 % of 1.000.000
    expect(convenienceFee(percent(250), 1_000_000)).toBe(25_000);
    // 2.5 % of 1 rupiah is still a whole rupiah
    expect(convenienceFee(percent(250), 1)).toBe(1);
  });

  it('keeps integer precision for large totals', () => {
    // 0.01 % of 9.007.199.254.740.991 = 900.719.925.474,0991 → ...475
    expect(convenienceFee(percent(1), 9_007_199_254_740_991)).toBe(900_719_925_475);
  });

  it('raises to the minimum and caps at the maximum', () => {
    expect(convenienceFee(percent(70, 4_000, 10_000), 100_000)).toBe(4_000);
    expect(convenienceFee(percent(70, 4_000, 10_000), 1_000_000)).toBe(7_000);
    expect(convenienceFee(percent(70, 4_000, 10_000), 5_000_000)).toBe(10_000);
    expect(convenienceFee({ ...flat(3_000), min_amount: 5_000 }, 100)).toBe(5_000);
  });

  it('charges nothing on an empty or invalid total', () => {
    expect(convenienceFee(flat(4_000), 0)).toBe(0);
    expect(convenienceFee(percent(250, 1_000), -5)).toBe(0);
    expect(convenienceFee(flat(4_000), Number.NaN)).toBe(0);
  });
});

describe('withConvenienceFee', () => {
  it('adds the fee to the total', () => {
    expect(withConvenienceFee(percent(250), 2_000_000)).toEqual({
      total_amount: 2_000_000,
      fee: 50_000,
      grand_total: 2_050_000,
    });
  });
});
