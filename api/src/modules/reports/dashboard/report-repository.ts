import { type DashboardQuery, REPORTED_BILL_STATES, type RegistrantStatus } from '@psb/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { TenantConn } from '../../../db/tenant-db';

/**
 * The dashboard's figures, read from the running sums of migration 0080 (report_registrant_days,
 * report_bill_days, report_payment_days: a few rows per school, period and day, kept exact by triggers on the
 * registrants, bills, installments and test sittings). Row-level security on the sums keeps a school-limited
 * role to its schools, as on the lists the figures link to.
 */

export interface FunnelRow {
  school_id: number;
  school_name: string;
  school_period_id: number;
  period_name: string;
  status: RegistrantStatus;
  n: number;
  paid: number;
  tested: number;
}

export interface PlaceRow {
  school_id: number;
  school_name: string;
  school_period_id: number;
  period_name: string;
  mst_class_id: number;
  class_name: string;
  quota: number;
  taken: number;
}

export interface DashboardFigures {
  /** The school year covered: the one asked for, else the active one unless a period was asked for. */
  school_year_id: number | null;
  /** Registrants per school, period and state, with those with a bill paid in full and a scored sitting. */
  funnel: FunnelRow[];
  /** Money of the published bills (drafts, cancelled and archived bills are not billed to anyone). */
  money: {
    bills: number;
    billed: number;
    paid: number;
    outstanding: number;
    paid_bills: number;
    open_bills: number;
  };
  /** First day (WIB) of the daily figures. */
  first: string;
  /** Registrations and payments (installments paid) per WIB day since `first`; days without any are left out. */
  registrations: { date: string; n: number }[];
  payments: { date: string; n: number; amount: number }[];
  /** Each active class quota of the periods in scope with the places taken. */
  places: PlaceRow[];
  /** Offers of a seat made per period of the funnel (every state: open, answered or expired). */
  offered: { school_period_id: number; n: number }[];
}

/** sum() of an integer or bigint column as a JS number (0 over no rows). */
const total = (expr: RawBuilder<unknown>) => sql`coalesce(sum(${expr}), 0)::float8`;

/**
 * Every figure of the dashboard in one statement on the caller's connection (one round trip; row-level security
 * applies to each table as in separate queries). The registrant sums in scope are read once (CTE `d`) and
 * summed three ways; the summing CTEs are materialized so each runs once whatever join the planner picks (it
 * sees no statistics behind the policies and expects one row). Statuses are grouped byte-wise (`C`): they are
 * fixed keys, and a locale comparison per row was most of the cost.
 */
export async function dashboardFigures(
  c: TenantConn,
  q: DashboardQuery,
  days: number,
): Promise<DashboardFigures> {
  const t = c.tenantId;
  // The active school year is the default, unless a period is asked for (it names its own year).
  const year =
    q.school_year_id !== undefined
      ? sql`${q.school_year_id}::int`
      : q.school_period_id !== undefined
        ? sql`NULL::int`
        : sql`(SELECT y.id FROM school_years y WHERE y.tenant_id = ${t} AND y.deleted_at IS NULL
            ORDER BY y.is_active DESC, y.start_date DESC LIMIT 1)`;
  const inScope = (alias: string) => {
    const parts = [
      sql`${sql.ref(`${alias}.tenant_id`)} = ${t}`,
      sql`((SELECT id FROM yr) IS NULL OR ${sql.ref(`${alias}.school_year_id`)} = (SELECT id FROM yr))`,
    ];
    if (q.school_period_id !== undefined)
      parts.push(sql`${sql.ref(`${alias}.school_period_id`)} = ${q.school_period_id}`);
    if (q.school_id !== undefined) parts.push(sql`${sql.ref(`${alias}.school_id`)} = ${q.school_id}`);
    return sql.join(parts, sql` AND `);
  };
  const today = sql`(now() AT TIME ZONE 'Asia/Jakarta')::date`;
  const since = sql`(${today} - ${days - 1}::int)`;
  const { rows } = await sql<DashboardFigures>`WITH yr AS MATERIALIZED (SELECT ${year} AS id),
    d AS MATERIALIZED (
      SELECT d.school_id, d.school_period_id, d.mst_class_id, d.status COLLATE "C" AS status, d.day, d.paid,
        d.tested, d.registrants
      FROM report_registrant_days d WHERE ${inScope('d')}
    ),
    funnel AS MATERIALIZED (
      SELECT school_id, school_period_id, status, ${total(sql`registrants`)} AS n,
        coalesce(sum(registrants) FILTER (WHERE paid), 0)::float8 AS paid,
        coalesce(sum(registrants) FILTER (WHERE tested), 0)::float8 AS tested
      FROM d GROUP BY school_id, school_period_id, status HAVING sum(registrants) <> 0
    ),
    taken AS MATERIALIZED (
      SELECT school_period_id, mst_class_id, sum(registrants) AS n FROM d GROUP BY school_period_id, mst_class_id
    )
    SELECT (SELECT id FROM yr) AS school_year_id,
      (SELECT coalesce(json_agg(json_build_object('school_id', f.school_id, 'school_name', s.name,
          'school_period_id', f.school_period_id, 'period_name', sp.name, 'status', f.status, 'n', f.n,
          'paid', f.paid, 'tested', f.tested) ORDER BY s.name, sp.name), '[]')
        FROM funnel f
        JOIN schools s ON s.tenant_id = ${t} AND s.id = f.school_id
        JOIN school_periods sp ON sp.tenant_id = ${t} AND sp.id = f.school_period_id) AS funnel,
      (SELECT json_build_object('bills', ${total(sql`b.bills`)}, 'billed', ${total(sql`b.billed`)},
          'paid', ${total(sql`b.paid`)}, 'outstanding', ${total(sql`b.billed - b.paid`)},
          'paid_bills', coalesce(sum(b.bills) FILTER (WHERE b.state = 'paid'), 0)::float8,
          'open_bills', coalesce(sum(b.bills) FILTER (WHERE b.state <> 'paid'), 0)::float8)
        FROM report_bill_days b
        WHERE ${inScope('b')} AND b.state IN (${sql.join(REPORTED_BILL_STATES.map((s) => sql.lit(s)))})) AS money,
      (SELECT coalesce(json_agg(json_build_object('school_period_id', o.school_period_id, 'n', o.n)), '[]')
        FROM (SELECT school_period_id, count(*)::float8 AS n FROM offers
          WHERE tenant_id = ${t} AND school_period_id IN (SELECT school_period_id FROM funnel)
          GROUP BY school_period_id) o) AS offered,
      to_char(${since}, 'YYYY-MM-DD') AS first,
      (SELECT coalesce(json_agg(json_build_object('date', to_char(x.day, 'YYYY-MM-DD'), 'n', x.n)), '[]')
        FROM (SELECT day, ${total(sql`registrants`)} AS n FROM d WHERE day >= ${since} GROUP BY day) x) AS registrations,
      (SELECT coalesce(json_agg(json_build_object('date', to_char(x.day, 'YYYY-MM-DD'), 'n', x.n, 'amount', x.amount)), '[]')
        FROM (SELECT p.day, ${total(sql`p.payments`)} AS n, ${total(sql`p.amount`)} AS amount
          FROM report_payment_days p WHERE ${inScope('p')} AND p.day >= ${since} GROUP BY p.day) x) AS payments,
      (SELECT coalesce(json_agg(json_build_object('school_id', sp.school_id, 'school_name', s.name,
          'school_period_id', cp.school_period_id, 'period_name', sp.name, 'mst_class_id', cp.mst_class_id,
          'class_name', k.name, 'quota', cp.quota, 'taken', coalesce(tk.n, 0)::int) ORDER BY s.name, sp.name, k.name), '[]')
        FROM class_periods cp
        JOIN school_periods sp ON sp.tenant_id = cp.tenant_id AND sp.id = cp.school_period_id
        JOIN schools s ON s.tenant_id = sp.tenant_id AND s.id = sp.school_id
        JOIN mst_classes k ON k.tenant_id = cp.tenant_id AND k.id = cp.mst_class_id
        LEFT JOIN taken tk ON tk.school_period_id = cp.school_period_id AND tk.mst_class_id = cp.mst_class_id
        WHERE cp.tenant_id = ${t} AND cp.deleted_at IS NULL AND cp.is_active AND sp.deleted_at IS NULL
          AND ((SELECT id FROM yr) IS NULL OR sp.school_year_id = (SELECT id FROM yr))
          ${q.school_period_id !== undefined ? sql`AND cp.school_period_id = ${q.school_period_id}` : sql``}
          ${q.school_id !== undefined ? sql`AND sp.school_id = ${q.school_id}` : sql``}) AS places`.execute(
    c.db,
  );
  return rows[0]!;
}
