import { BILL_STATE_LABELS, REPORTED_BILL_STATES, type ReportFilterKey } from '@psb/contracts';
import { CHANNEL_INFO, PAYMENT_CHANNELS } from '@psb/contracts/payments';
import { type RawBuilder, sql } from 'kysely';
import { COUNTED_BILL_SQL } from '../payments';

export type ReportFilters = Partial<Record<ReportFilterKey, string | number>>;
/** A piece of a report's SQL (values travel as parameters). */
export type Fragment = RawBuilder<unknown>;

export const and = (parts: Fragment[]) => sql.join(parts, sql` AND `);

/** A bill's state in words, as the bill list shows it. */
export const stateLabel = (column: string) =>
  sql<string>`CASE ${sql.ref(column)} ${sql.join(
    REPORTED_BILL_STATES.map((s) => sql`WHEN ${sql.lit(s)} THEN ${sql.lit(BILL_STATE_LABELS[s])}`),
    sql` `,
  )} END`;

/** The parent-facing name of a payment channel (Mandiri Bill Payment, BCA Virtual Account, QRIS…). */
export const channelLabel = (column: string) =>
  sql<string>`CASE ${sql.ref(column)} ${sql.join(
    PAYMENT_CHANNELS.map((c) => sql`WHEN ${sql.lit(c)} THEN ${sql.lit(CHANNEL_INFO[c].label)}`),
    sql` `,
  )} END`;

/** A WIB calendar day range on a timestamptz column (both ends included). */
export function dayRange(column: string, f: ReportFilters): Fragment[] {
  const day = sql`(${sql.ref(column)} AT TIME ZONE 'Asia/Jakarta')::date`;
  const out: Fragment[] = [];
  if (f.date_from) out.push(sql`${day} >= ${f.date_from}::date`);
  if (f.date_to) out.push(sql`${day} <= ${f.date_to}::date`);
  return out;
}

/** `column = value::int` when the filter is set. */
export const idFilter = (column: string, value: string | number | undefined): Fragment[] =>
  value ? [sql`${sql.ref(column)} = ${value}::int`] : [];

/**
 * The bills a payment report covers, joined with what the reports print about them: published, partly paid
 * or paid (never drafts, cancelled or archived bills; of a registrant who withdrew or was archived only a bill
 * paid in full), narrowed by the report's filters. `h` bill, `r` registrant, `s` school, `sp` period, `sy`
 * school year, `tp` payment type, `k` class. The date filter is the day the bill was made (WIB). `join` adds
 * tables that hang off the bill (before the WHERE).
 */
export function billsFrom(
  f: ReportFilters,
  tenantId: number,
  { withState = true, join = sql`` }: { withState?: boolean; join?: Fragment } = {},
) {
  const where: Fragment[] = [
    sql`h.tenant_id = ${tenantId}`,
    sql.raw(`(${COUNTED_BILL_SQL})`),
    ...idFilter('h.school_id', f.school_id),
    ...idFilter('r.school_year_id', f.school_year_id),
    ...idFilter('r.school_period_id', f.school_period_id),
    ...idFilter('h.mst_type_payment_id', f.mst_type_payment_id),
    ...(withState && f.state ? [sql`h.state = ${f.state}`] : []),
    ...dayRange('h.created_at', f),
  ];
  return sql`registrant_header_payments h
    JOIN registrants r ON r.tenant_id = h.tenant_id AND r.id = h.registrant_id
    JOIN schools s ON s.tenant_id = h.tenant_id AND s.id = h.school_id
    JOIN school_periods sp ON sp.tenant_id = r.tenant_id AND sp.id = r.school_period_id
    JOIN school_years sy ON sy.tenant_id = r.tenant_id AND sy.id = r.school_year_id
    JOIN mst_classes k ON k.tenant_id = r.tenant_id AND k.id = r.mst_class_id
    JOIN mst_type_payments tp ON tp.tenant_id = h.tenant_id AND tp.id = h.mst_type_payment_id
    ${join}
    WHERE ${and(where)}`;
}

/** Money sums as numbers (float8 holds every rupiah amount exactly up to 2^53). */
export const BILL_SUMS = sql`count(*)::int AS bills,
  sum(h.total_amount)::float8 AS billed,
  sum(h.paid_amount)::float8 AS paid,
  sum(h.total_amount - h.paid_amount)::float8 AS outstanding`;
