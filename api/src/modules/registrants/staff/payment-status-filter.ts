import type { PaymentStatusFilter } from '@psb/contracts';
import { sql } from 'kysely';

/** Bills the parent has been sent: drafts are not yet billed and cancelled ones no longer count. */
const billed = (states: string) => sql`EXISTS (
  SELECT 1 FROM registrant_header_payments b
  WHERE b.tenant_id = r.tenant_id AND b.registrant_id = r.id AND b.deleted_at IS NULL
    AND b.state IN (${sql.raw(states)}))`;

/**
 * The payment-status filter of the staff list, for a registrant under the alias `r`: not billed yet (no bill
 * sent), not fully paid (a sent bill still open), paid (bills sent and every one of them paid).
 */
export function paymentStatusCondition(status: PaymentStatusFilter) {
  const open = billed(`'published', 'partially_paid'`);
  if (status === 'unbilled') return sql<boolean>`NOT ${billed(`'published', 'partially_paid', 'paid'`)}`;
  if (status === 'unpaid') return sql<boolean>`${open}`;
  return sql<boolean>`(${billed(`'paid'`)} AND NOT ${open})`;
}
