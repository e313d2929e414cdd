import { REPORTED_BILL_STATES } from '@psb/contracts';

/**
 * Which bills the money figures count (the dashboard, the bill reports and the bill list's `counted` filter),
 * over a bill aliased `h` and its registrant `r`: published, partly paid or paid bills (drafts and cancelled
 * ones are billed to no one); of a registrant who left the season (withdrew or was archived, so its row is
 * soft-deleted) only a bill paid in full — what such a registrant still owes is not outstanding money, what it
 * paid is money received. The dashboard's running sums (migration 0140) keep the same rule.
 */
export const COUNTED_BILL_SQL = `h.deleted_at IS NULL AND h.state IN (${REPORTED_BILL_STATES.map(
  (s) => `'${s}'`,
).join(', ')}) AND (r.deleted_at IS NULL OR h.state = 'paid')`;
