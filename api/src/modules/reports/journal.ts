import { sql } from 'kysely';
import { and, dayRange, idFilter, type ReportFilters } from './bill-scope';
import type { ReportQuery } from './queries';

/**
 * Accounting journal: one entry per paid installment (money actually received, through the provider or
 * approved by staff), dated the day it was paid (WIB).
 *
 * - Debit: the whole amount, to the receiving account of the payment type in the registrant's period (the
 *   COA of Pembayaran per Periode Pendaftaran).
 * - Credit: the same amount spread over the bill's lines in proportion to their amounts, each to its
 *   component's COA (Komponen Pembayaran). Whole rupiah only: every share is rounded down and what rounding
 *   left over goes to the largest line, so the credits add up to the debit exactly. A line with no component
 *   (a bill made from one `cost`, a custom line) is credited unmapped.
 * - Journal code: the journal (Jenis Jurnal) of the debit account; responsibility centre: the school's
 *   mst_resp (else one for every school).
 * Unmapped accounts are written with an empty code and "Akun belum dipetakan", so the file still balances and
 * staff see what to map.
 */
function journalWhere(f: ReportFilters, tenantId: number) {
  return and([
    sql`i.tenant_id = ${tenantId}`,
    sql`i.paid_at IS NOT NULL`,
    sql`h.deleted_at IS NULL`,
    sql`h.state <> 'cancelled'`,
    ...idFilter('h.school_id', f.school_id),
    ...idFilter('r.school_year_id', f.school_year_id),
    ...idFilter('h.mst_type_payment_id', f.mst_type_payment_id),
    ...dayRange('i.paid_at', f),
  ]);
}

/** The paid installments of the journal (`i`, with their bill `h` and registrant `r`). */
const PAID_FROM = sql`registrant_installment_payments i
      JOIN registrant_header_payments h ON h.tenant_id = i.tenant_id AND h.id = i.header_id
      JOIN registrants r ON r.tenant_id = h.tenant_id AND r.id = h.registrant_id`;

/**
 * The lines of the bills in CTE `inst`: each with its bill's lines total and its rank (1: the largest, which
 * takes what rounding left over).
 */
const linesOf = (tenantId: number) => sql`SELECT d.header_id, d.id AS line_id, d.amount, d.name,
        mp.mst_coa_id AS coa_id,
        sum(d.amount) OVER (PARTITION BY d.header_id)::bigint AS lines_total,
        row_number() OVER (PARTITION BY d.header_id ORDER BY d.amount DESC, d.id) AS rn
      FROM registrant_detail_payments d
      LEFT JOIN mst_payments mp ON mp.tenant_id = d.tenant_id AND mp.id = d.mst_payment_id
      WHERE d.tenant_id = ${tenantId} AND d.deleted_at IS NULL AND d.header_id IN (SELECT header_id FROM inst)`;

/** One installment's share of a line, rounded down (bigint / bigint is integer division). */
const PART = sql`CASE WHEN line.lines_total > 0 THEN inst.amount * line.amount / line.lines_total ELSE 0::bigint END`;

/**
 * `only`: the entries of these installments alone (the screen's first installments, found by
 * journalSummarySql) — the screen's page without the whole journal.
 */
export function journalSql(f: ReportFilters, tenantId: number, only?: readonly number[]): ReportQuery {
  const where = only
    ? and([journalWhere(f, tenantId), sql`i.id = ANY(${[...only]}::int[])`])
    : journalWhere(f, tenantId);
  const UNMAPPED = sql.lit('Akun belum dipetakan');
  // The responsibility centre is looked up once per school (a handful), not once per payment.
  const query = sql`WITH resp AS (
      SELECT s.id AS school_id,
        (SELECT m.code FROM mst_resps m WHERE m.tenant_id = s.tenant_id AND m.deleted_at IS NULL
          AND (m.school_id = s.id OR m.school_id IS NULL)
          ORDER BY m.school_id NULLS LAST, m.code LIMIT 1) AS code
      FROM schools s WHERE s.tenant_id = ${tenantId}
    ),
    inst AS (
      SELECT i.id AS inst_id, i.amount, i.paid_at, h.id AS header_id, h.school_id,
        r.registration_number, r.name AS registrant_name, tp.name AS type_name, spay.mst_coa_id AS debit_coa_id,
        resp.code AS resp_code
      FROM ${PAID_FROM}
      JOIN mst_type_payments tp ON tp.tenant_id = h.tenant_id AND tp.id = h.mst_type_payment_id
      LEFT JOIN school_payments spay ON spay.tenant_id = h.tenant_id AND spay.school_period_id = r.school_period_id
        AND spay.mst_type_payment_id = h.mst_type_payment_id AND spay.deleted_at IS NULL
      LEFT JOIN resp ON resp.school_id = h.school_id
      WHERE ${where}
    ),
    -- The bill's lines for each installment (an index lookup each for the screen's 2,000): the lines total and
    -- the rank (1: the largest, which takes what rounding left over).
    line AS (
      SELECT inst.*, d.name AS line_name, d.amount AS line_amount, mp.mst_coa_id AS coa_id,
        (sum(d.amount) OVER (PARTITION BY inst.inst_id))::bigint AS lines_total,
        row_number() OVER (PARTITION BY inst.inst_id ORDER BY d.amount DESC, d.id) AS rn
      FROM inst
      LEFT JOIN registrant_detail_payments d ON d.tenant_id = ${tenantId} AND d.header_id = inst.header_id
        AND d.deleted_at IS NULL
      LEFT JOIN mst_payments mp ON mp.tenant_id = d.tenant_id AND mp.id = d.mst_payment_id
    ),
    share AS (
      SELECT line.*, CASE WHEN lines_total > 0 THEN amount * line_amount / lines_total ELSE 0::bigint END AS part
      FROM line
    ),
    credit AS (
      SELECT share.*,
        (part + CASE WHEN rn = 1 THEN amount - sum(part) OVER (PARTITION BY inst_id) ELSE 0 END)::bigint AS credit
      FROM share
    ),
    rows AS (
      SELECT inst_id, paid_at, 0 AS seq, resp_code, debit_coa_id, debit_coa_id AS coa_id,
        type_name || ' ' || registration_number || ' ' || coalesce(registrant_name, '') AS memo,
        amount AS debit, 0::bigint AS credit
      FROM inst
      UNION ALL
      SELECT inst_id, paid_at, rn, resp_code, debit_coa_id, coa_id,
        coalesce(line_name, type_name) || ' ' || registration_number, 0::bigint, credit
      FROM credit WHERE credit > 0
    )
    SELECT x.inst_id, x.seq, to_char(x.paid_at AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD') AS entry_date,
      'PSB-' || x.inst_id AS voucher_no, coalesce(j.code, '') AS journal_code, coalesce(a.code, '') AS account_code,
      coalesce(a.name, ${UNMAPPED}) AS account_name, coalesce(x.resp_code, '') AS resp_code, x.memo,
      x.debit::float8 AS debit, x.credit::float8 AS credit, x.paid_at
    FROM rows x
    LEFT JOIN mst_coas a ON a.tenant_id = ${tenantId} AND a.id = x.coa_id
    LEFT JOIN mst_coas da ON da.tenant_id = ${tenantId} AND da.id = x.debit_coa_id
    LEFT JOIN mst_jurnals j ON j.tenant_id = ${tenantId} AND j.id = da.mst_jurnal_id`;
  return { sql: query, order: sql`paid_at, inst_id, seq` };
}

/**
 * The journal's line count and totals without writing its lines, and its first `first` installments (in the
 * journal's order: day paid, then installment; they hold its first `first` lines), in one pass over the paid
 * installments. Installments of one bill with the same amount make the same entries, so they are counted once
 * per bill and amount (a season's 300,000 payments are some 150,000 such groups) and weighed by their number:
 * per group, the lines after the largest (an entry each when their share is above zero) and the largest, which
 * takes the rest (an entry when that is above zero); the debit is the installment. Counts the same entries as
 * journalSql.
 */
export function journalSummarySql(f: ReportFilters, tenantId: number, first: number) {
  return sql<{
    rows: number;
    debit: number;
    credit: number;
    first_ids: number[] | null;
  }>`WITH paid AS MATERIALIZED (
      SELECT i.id, h.id AS header_id, i.amount, i.paid_at FROM ${PAID_FROM} WHERE ${journalWhere(f, tenantId)}
    ),
    inst AS (SELECT header_id, amount, count(*) AS n FROM paid GROUP BY header_id, amount),
    line AS (${linesOf(tenantId)}),
    per AS (
      SELECT inst.n, inst.amount,
        count(*) FILTER (WHERE line.rn > 1 AND ${PART} > 0) AS others,
        coalesce(sum(${PART}) FILTER (WHERE line.rn > 1), 0) AS others_sum
      FROM inst LEFT JOIN line ON line.header_id = inst.header_id
      GROUP BY inst.header_id, inst.amount, inst.n
    )
    SELECT coalesce(sum(n * (1 + others + CASE WHEN amount - others_sum > 0 THEN 1 ELSE 0 END)), 0)::int AS rows,
      coalesce(sum(n * amount), 0)::float8 AS debit,
      coalesce(sum(n * (others_sum + greatest(amount - others_sum, 0))), 0)::float8 AS credit,
      (SELECT array_agg(id ORDER BY paid_at, id)
        FROM (SELECT id, paid_at FROM paid ORDER BY paid_at, id LIMIT ${first}) x) AS first_ids
    FROM per`;
}
