/**
 * Biaya Admin: what a parent pays on top of a bill for the channel they choose. The one place the fee is
 * worked out — the api's checkout, the calculate endpoint and the staff preview all call `convenienceFee`.
 */

export type FeeType = 'flat' | 'percent';
export const FEE_TYPES = ['flat', 'percent'] as const satisfies readonly FeeType[];

/** The parts of a convenience fee the amount depends on (integer rupiah, percent in basis points). */
export interface ConvenienceFeeRule {
  fee_type: FeeType;
  flat_amount: number;
  /** 250 = 2.5 %. */
  percent_bp: number;
  min_amount: number | null;
  max_amount: number | null;
}

/** Basis points in 100 %. */
const BP = 10_000;

/**
 * The fee, in whole rupiah, for a bill of `total` rupiah: the flat amount, or the percentage rounded UP to the
 * next rupiah (a provider charging 0.7 % never leaves a fraction unpaid), then raised to `min_amount` and
 * capped at `max_amount` when those are set. A total of 0 or less carries no fee.
 */
export function convenienceFee(fee: ConvenienceFeeRule, total: number): number {
  if (!Number.isFinite(total) || total <= 0) return 0;
  let amount =
    fee.fee_type === 'flat'
      ? fee.flat_amount
      : // Integer arithmetic: ceil(total * bp / 10000) without a floating-point product.
        Number((BigInt(Math.round(total)) * BigInt(fee.percent_bp) + BigInt(BP - 1)) / BigInt(BP));
  if (fee.min_amount !== null && amount < fee.min_amount) amount = fee.min_amount;
  if (fee.max_amount !== null && amount > fee.max_amount) amount = fee.max_amount;
  return amount;
}

/** Total, fee and what the parent pays. */
export function withConvenienceFee(fee: ConvenienceFeeRule, total: number) {
  const amount = convenienceFee(fee, total);
  return { total_amount: total, fee: amount, grand_total: total + amount };
}
