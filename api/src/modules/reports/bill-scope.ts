import { BILL_STATE_LABELS, REPORTED_BILL_STATES, type ReportFilterKey } from '@psb/contracts';
import type { Params } from '../../engine';
import { COUNTED_BILL_SQL } from '../../lib/counted-bills';

export type ReportFilters = Partial<Record<ReportFilterKey, string | number>>;

const sqlText = (s: string) => `'${s.replaceAll("'", "''")}'`;

/** A bill's state in words, as the bill list shows it. */
export const stateLabelSql = (expr: string) =>
  `CASE ${expr} ${REPORTED_BILL_STATES.map((s) => `WHEN ${sqlText(s)} THEN ${sqlText(BILL_STATE_LABELS[s])}`).join(' ')} END`;

/** A WIB calendar day range on a timestamptz column (both ends included). */
export function dayRange(column: string, f: ReportFilters, p: Params): string[] {
  const out: string[] = [];
  if (f.date_from) out.push(`(${column} AT TIME ZONE 'Asia/Jakarta')::date >= ${p.add(f.date_from, 'date')}`);
  if (f.date_to) out.push(`(${column} AT TIME ZONE 'Asia/Jakarta')::date <= ${p.add(f.date_to, 'date')}`);
  return out;
}

/**
 * The bills a payment report covers, joined with what the reports print about them: published, partly paid
 * or paid (never drafts, cancelled or archived bills; a gone registrant's bill only when paid), narrowed by the report's filters. `h` bill, `r`
 * registrant, `s` school, `sp` period, `sy` school year, `tp` payment type, `k` class. The date filter is the
 * day the bill was made (WIB). `join` adds tables that hang off the bill (before the WHERE).
 */
export function billsFrom(
  f: ReportFilters,
  p: Params,
  { withState = true, join = '' }: { withState?: boolean; join?: string } = {},
) {
  const where = ['h.tenant_id = $1', COUNTED_BILL_SQL];
  if (f.school_id) where.push(`h.school_id = ${p.add(f.school_id, 'int')}`);
  if (f.school_year_id) where.push(`r.school_year_id = ${p.add(f.school_year_id, 'int')}`);
  if (f.school_period_id) where.push(`r.school_period_id = ${p.add(f.school_period_id, 'int')}`);
  if (f.mst_type_payment_id) where.push(`h.mst_type_payment_id = ${p.add(f.mst_type_payment_id, 'int')}`);
  if (withState && f.state) where.push(`h.state = ${p.add(f.state)}`);
  where.push(...dayRange('h.created_at', f, p));
  return `registrant_header_payments h
    JOIN registrants r ON r.tenant_id = h.tenant_id AND r.id = h.registrant_id
    JOIN schools s ON s.tenant_id = h.tenant_id AND s.id = h.school_id
    JOIN school_periods sp ON sp.tenant_id = r.tenant_id AND sp.id = r.school_period_id
    JOIN school_years sy ON sy.tenant_id = r.tenant_id AND sy.id = r.school_year_id
    JOIN mst_classes k ON k.tenant_id = r.tenant_id AND k.id = r.mst_class_id
    JOIN mst_type_payments tp ON tp.tenant_id = h.tenant_id AND tp.id = h.mst_type_payment_id
    ${join}
    WHERE ${where.join(' AND ')}`;
}

/** Money sums as numbers (float8 holds every rupiah amount exactly up to 2^53). */
export const BILL_SUMS = `count(*)::int AS bills,
  sum(h.total_amount)::float8 AS billed,
  sum(h.paid_amount)::float8 AS paid,
  sum(h.total_amount - h.paid_amount)::float8 AS outstanding`;
