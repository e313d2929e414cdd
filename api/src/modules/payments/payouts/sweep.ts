import { EVERY_SCHOOL, withTenant } from '../../../db/tenant-db';
import { type PayoutDeps, sendToIris } from './service';

/**
 * Payouts still `creating` this long after they were written: the process died, or Iris' answer was lost,
 * between writing the row and recording Iris' answer. They are sent again with the same idempotency key, so
 * Iris answers with the payout it already made (or makes it now) — never a second one.
 */
export async function resendCreatingPayouts(deps: PayoutDeps, tenantId: number, olderThanSeconds: number) {
  const rows = await withTenant(
    deps.pool,
    tenantId,
    (c) =>
      c.db
        .selectFrom('payouts')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('status', '=', 'creating')
        .where('created_at', '<', new Date(Date.now() - olderThanSeconds * 1000))
        .orderBy('id')
        .limit(100)
        .execute(),
    EVERY_SCHOOL,
  );
  let sent = 0;
  for (const row of rows) {
    try {
      await sendToIris(deps, tenantId, EVERY_SCHOOL, null, row);
      sent++;
    } catch {
      // Still unclear or refused: a refusal is recorded on the row, an unclear answer is tried next time.
    }
  }
  return sent;
}
