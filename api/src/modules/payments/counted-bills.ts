import { REPORTED_BILL_STATES } from '@psb/contracts';

/**
 * A bill shown at graduation (the entry fee, "Tampilkan Saat Kelulusan") is the family's to pay only once the
 * registrant is accepted (`is_accepted` follows the state, which only a published result makes accepted).
 * Until then — and for good when the registrant is not accepted — it reaches the parent and the money figures
 * only when already paid in full. Over a bill aliased `h` and its registrant `r`.
 */
export const BILLED_TO_FAMILY_SQL = `(NOT h.show_at_graduation OR r.is_accepted IS TRUE OR h.state = 'paid')`;

/**
 * Which bills the money figures count (the dashboard, the bill reports and the bill list's `counted` filter),
 * over a bill aliased `h` and its registrant `r`: published, partly paid or paid bills (drafts and cancelled
 * ones are billed to no one); of a registrant who left the season (withdrew or was archived, so its row is
 * soft-deleted) only a bill paid in full — what such a registrant still owes is not outstanding money, what it
 * paid is money received; a bill shown at graduation as above. The dashboard's running sums keep the same rule
 * in the database (report_bill_counts in modules/reports/sql); counted-bills.test.ts proves the two agree.
 */
export const COUNTED_BILL_SQL = `h.deleted_at IS NULL AND h.state IN (${REPORTED_BILL_STATES.map(
  (s) => `'${s}'`,
).join(', ')}) AND (r.deleted_at IS NULL OR h.state = 'paid') AND ${BILLED_TO_FAMILY_SQL}`;
