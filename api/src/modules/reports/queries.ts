import { OFFER_STATE_LABELS, type ReportName } from '@psb/contracts';
import { sql } from 'kysely';
import {
  and,
  BILL_SUMS,
  billsFrom,
  channelLabel,
  dayRange,
  type Fragment,
  idFilter,
  type ReportFilters,
  stateLabel,
} from './bill-scope';
import { journalSql } from './journal';

/**
 * The query of each report: a SELECT whose output columns carry the declaration's column keys (extra ones are
 * allowed and ignored), and the ORDER BY over those keys. The engine (repository.ts) wraps it for the screen
 * (first rows + totals) and for the download (every row, streamed).
 */
export interface ReportQuery {
  sql: Fragment;
  order: Fragment;
}

const wib = (column: string) => sql`to_char(${sql.ref(column)} AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD')`;

export const REPORT_QUERIES: Record<ReportName, (f: ReportFilters, tenantId: number) => ReportQuery> = {
  payment_report: (f, tenantId) => ({
    sql: sql`SELECT s.name AS school_name, tp.name AS type_name, ${BILL_SUMS}
      FROM ${billsFrom(f, tenantId)} GROUP BY s.id, s.name, tp.id, tp.name`,
    order: sql`school_name, type_name`,
  }),

  registrant_payment_report: (f, tenantId) => ({
    sql: sql`SELECT h.id AS bill_id, r.registration_number, r.name AS registrant_name, s.name AS school_name,
        sp.name AS period_name, k.name AS class_name, tp.name AS type_name,
        ${stateLabel('h.state')} AS state_label,
        h.total_amount::float8 AS billed, h.paid_amount::float8 AS paid,
        (h.total_amount - h.paid_amount)::float8 AS outstanding
      FROM ${billsFrom(f, tenantId)}`,
    order: sql`school_name, registration_number, type_name, bill_id`,
  }),

  registrant_payment_report_school: (f, tenantId) => ({
    sql: sql`SELECT s.name AS school_name, count(DISTINCT h.registrant_id)::int AS registrants, ${BILL_SUMS},
        CASE WHEN sum(h.total_amount) > 0
          THEN round(sum(h.paid_amount) * 100.0 / sum(h.total_amount), 1)::float8 ELSE 0 END AS paid_percent
      FROM ${billsFrom(f, tenantId)} GROUP BY s.id, s.name`,
    order: sql`school_name`,
  }),

  statistic_payment_report: (f, tenantId) => ({
    sql: sql`SELECT h.state, ${stateLabel('h.state')} AS state_label, ${BILL_SUMS}
      FROM ${billsFrom(f, tenantId, { withState: false })} GROUP BY h.state`,
    order: sql`array_position(ARRAY['paid', 'partially_paid', 'published'], state)`,
  }),

  comparison_internal: (f, tenantId) => ({
    sql: sql`SELECT s.name AS school_name, CASE WHEN r.is_internal THEN 'Internal' ELSE 'Eksternal' END AS origin,
        count(DISTINCT h.registrant_id)::int AS registrants, ${BILL_SUMS}
      FROM ${billsFrom(f, tenantId)} GROUP BY s.id, s.name, r.is_internal`,
    order: sql`school_name, origin DESC`,
  }),

  registrant_installment_payment_report: (f, tenantId) => ({
    sql: sql`SELECT i.id AS installment_id, r.registration_number, r.name AS registrant_name, s.name AS school_name,
        tp.name AS type_name, i.seq, to_char(i.due_date, 'YYYY-MM-DD') AS due_date, i.amount::float8 AS amount,
        (CASE WHEN i.paid_at IS NULL THEN 0 ELSE i.amount END)::float8 AS paid, ${wib('i.paid_at')} AS paid_at,
        CASE i.paid_via WHEN 'provider' THEN coalesce(${channelLabel('pc.channel')}, 'Virtual Account / QRIS')
          WHEN 'manual' THEN CASE i.approval_method WHEN 'cash' THEN 'Tunai' ELSE 'Transfer' END END AS paid_via
      FROM ${billsFrom(f, tenantId, {
        join: sql`JOIN registrant_installment_payments i ON i.tenant_id = h.tenant_id AND i.header_id = h.id
          LEFT JOIN payment_charges pc ON pc.tenant_id = i.tenant_id AND pc.id = i.paid_charge_id`,
      })}`,
    order: sql`school_name, registration_number, type_name, seq, installment_id`,
  }),

  registrant_payment_per_year: (f, tenantId) => ({
    sql: sql`SELECT sy.name AS year_name, s.name AS school_name, count(DISTINCT h.registrant_id)::int AS registrants,
        ${BILL_SUMS}
      FROM ${billsFrom(f, tenantId)} GROUP BY sy.id, sy.name, s.id, s.name`,
    order: sql`year_name DESC, school_name`,
  }),

  item_report: (f, tenantId) => {
    // Paid orders only (money received); the date is the day of payment (WIB).
    const where = [
      sql`o.tenant_id = ${tenantId}`,
      sql`o.state = 'paid'`,
      sql`o.deleted_at IS NULL`,
      ...idFilter('o.school_id', f.school_id),
      ...idFilter('r.school_year_id', f.school_year_id),
      ...idFilter('l.mst_item_id', f.mst_item_id),
      ...dayRange('o.paid_at', f),
    ];
    return {
      sql: sql`SELECT s.name AS school_name, l.name AS item_name, count(DISTINCT o.id)::int AS orders,
          sum(l.quantity)::int AS quantity, sum(l.price * l.quantity)::float8 AS amount
        FROM registrant_orders o
        JOIN registrant_order_lines l ON l.tenant_id = o.tenant_id AND l.order_id = o.id
        JOIN registrants r ON r.tenant_id = o.tenant_id AND r.id = o.registrant_id
        JOIN schools s ON s.tenant_id = o.tenant_id AND s.id = o.school_id
        WHERE ${and(where)}
        GROUP BY s.id, s.name, l.mst_item_id, l.name`,
      order: sql`school_name, item_name`,
    };
  },

  accounting_journal: journalSql,

  offers_report: (f, tenantId) => {
    // An accepted offer whose registrant re-registered is reported as re-registered, as on the Offers page.
    const where = [
      sql`o.tenant_id = ${tenantId}`,
      ...idFilter('o.school_id', f.school_id),
      ...idFilter('sp.school_year_id', f.school_year_id),
      ...idFilter('o.school_period_id', f.school_period_id),
    ];
    return {
      sql: sql`SELECT r.registration_number, r.name AS registrant_name, s.name AS school_name,
          sp.name AS period_name, k.name AS class_name,
          CASE WHEN o.state = 'accepted' AND r.status = 're_registered' THEN ${OFFER_STATE_LABELS.re_registered}::text
            WHEN o.state = 'open' THEN ${OFFER_STATE_LABELS.open}
            WHEN o.state = 'accepted' THEN ${OFFER_STATE_LABELS.accepted}
            WHEN o.state = 'declined' THEN ${OFFER_STATE_LABELS.declined}
            ELSE ${OFFER_STATE_LABELS.expired} END AS state_label,
          to_char(o.deadline_at AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD') AS deadline,
          coalesce(o.decline_reason, '') AS decline_reason,
          (SELECT to_char(min(g.signed_at) AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD') FROM offer_signatures g
            WHERE g.tenant_id = o.tenant_id AND g.offer_id = o.id) AS signed_on,
          1 AS offers
        FROM offers o
        JOIN registrants r ON r.tenant_id = o.tenant_id AND r.id = o.registrant_id
        JOIN schools s ON s.tenant_id = o.tenant_id AND s.id = o.school_id
        JOIN school_periods sp ON sp.tenant_id = o.tenant_id AND sp.id = o.school_period_id
        JOIN mst_classes k ON k.tenant_id = o.tenant_id AND k.id = o.mst_class_id
        WHERE ${and(where)}`,
      order: sql`school_name, period_name, class_name, registration_number`,
    };
  },
};
