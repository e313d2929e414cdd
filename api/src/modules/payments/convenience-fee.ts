import { convenienceFee, type PaymentChannel } from '@psb/contracts';
import type { Db } from '../../db/kysely';

/** The columns of a convenience fee the amount depends on. */
export const FEE_RULE_COLUMNS = [
  'id',
  'fee_type',
  'flat_amount',
  'percent_bp',
  'min_amount',
  'max_amount',
] as const;

/**
 * The admin fee a parent pays on top of `total` rupiah through `channel`: the channel's one active fee applied
 * by `convenienceFee`, with its id for the bill; `{ fee: 0, feeId: null }` when the channel has none. `db` is a
 * tenant-bound handle (`req.db` / `req.tx`): row-level security keeps the lookup inside the tenant.
 */
export async function feeForChannel(
  db: Db,
  channel: PaymentChannel,
  total: number,
): Promise<{ fee: number; feeId: number | null }> {
  const row = await db
    .selectFrom('convenience_fees')
    .select(FEE_RULE_COLUMNS)
    .where('channel', '=', channel)
    .where('is_active', '=', true)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return { fee: 0, feeId: null };
  return { fee: convenienceFee(row, total), feeId: row.id };
}
