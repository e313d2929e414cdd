import type { DashboardQuery } from '@psb/contracts';
import type { TenantConn } from '../../db/tenant-db';

/**
 * The dashboard's figures, each one query over the caller's schools (row-level security) and the chosen school
 * year / period / school. Every figure is built from the same rows as the list it links to.
 */

type Scope = DashboardQuery & { school_year_id: number | undefined };

/** `alias` is a registrants row; returns the WHERE conditions and their values (from $2, $1 is the tenant). */
function registrantScope(alias: string, s: Scope, values: unknown[]) {
  const where = [`${alias}.tenant_id = $1`, `${alias}.deleted_at IS NULL`];
  const add = (col: string, v: number | undefined) => {
    if (v === undefined) return;
    values.push(v);
    where.push(`${alias}.${col} = $${values.length}`);
  };
  add('school_year_id', s.school_year_id);
  add('school_period_id', s.school_period_id);
  add('school_id', s.school_id);
  return where.join(' AND ');
}

/** The active school year, the dashboard's default. */
export async function activeYear(c: TenantConn) {
  const { rows } = await c.client.query<{ id: number }>(
    `SELECT id FROM school_years WHERE tenant_id = $1 AND deleted_at IS NULL
     ORDER BY is_active DESC, start_date DESC LIMIT 1`,
    [c.tenantId],
  );
  return rows[0]?.id;
}

/** Registrants per school, period and state. */
export async function funnelCounts(c: TenantConn, s: Scope) {
  const values: unknown[] = [c.tenantId];
  const where = registrantScope('r', s, values);
  const { rows } = await c.client.query<{
    school_id: number;
    school_name: string;
    school_period_id: number;
    period_name: string;
    status: string;
    n: number;
  }>(
    `SELECT r.school_id, s.name AS school_name, r.school_period_id, sp.name AS period_name, r.status,
       count(*)::int AS n
     FROM registrants r
     JOIN schools s ON s.tenant_id = r.tenant_id AND s.id = r.school_id
     JOIN school_periods sp ON sp.tenant_id = r.tenant_id AND sp.id = r.school_period_id
     WHERE ${where}
     GROUP BY r.school_id, s.name, r.school_period_id, sp.name, r.status
     ORDER BY s.name, sp.name`,
    values,
  );
  return rows;
}

/** Registrants with at least one bill paid in full, per period. */
export async function paidRegistrants(c: TenantConn, s: Scope) {
  const values: unknown[] = [c.tenantId];
  const where = registrantScope('r', s, values);
  const { rows } = await c.client.query<{ school_period_id: number; n: number }>(
    `SELECT r.school_period_id, count(DISTINCT h.registrant_id)::int AS n
     FROM registrant_header_payments h
     JOIN registrants r ON r.tenant_id = h.tenant_id AND r.id = h.registrant_id
     WHERE h.tenant_id = $1 AND h.deleted_at IS NULL AND h.state = 'paid' AND ${where}
     GROUP BY r.school_period_id`,
    values,
  );
  return new Map(rows.map((x) => [x.school_period_id, x.n]));
}

/**
 * Hook for test results: registrants of each period with a recorded test, once the test tables exist. Until
 * then the funnel's "tested" stage is the registrants' own state (tested and beyond) and this answers null.
 */
export async function testedRegistrants(_c: TenantConn, _s: Scope): Promise<Map<number, number> | null> {
  return null;
}

/** Money of the published bills (drafts, cancelled and archived bills are not billed to anyone). */
export async function moneyTotals(c: TenantConn, s: Scope) {
  const values: unknown[] = [c.tenantId];
  const where = registrantScope('r', s, values);
  const { rows } = await c.client.query<{
    bills: number;
    billed: number;
    paid: number;
    outstanding: number;
    paid_bills: number;
    open_bills: number;
  }>(
    `SELECT count(*)::int AS bills, coalesce(sum(h.total_amount), 0)::float8 AS billed,
       coalesce(sum(h.paid_amount), 0)::float8 AS paid,
       coalesce(sum(h.total_amount - h.paid_amount), 0)::float8 AS outstanding,
       (count(*) FILTER (WHERE h.state = 'paid'))::int AS paid_bills,
       (count(*) FILTER (WHERE h.state <> 'paid'))::int AS open_bills
     FROM registrant_header_payments h
     JOIN registrants r ON r.tenant_id = h.tenant_id AND r.id = h.registrant_id
     WHERE h.tenant_id = $1 AND h.deleted_at IS NULL AND h.state IN ('published', 'partially_paid', 'paid')
       AND ${where}`,
    values,
  );
  return rows[0]!;
}

/** Registrations and payments (installments paid) per WIB day, the last `days` days up to today. */
export async function dailyActivity(c: TenantConn, s: Scope, days: number) {
  const values: unknown[] = [c.tenantId];
  const regWhere = registrantScope('r', s, values);
  values.push(days);
  const daysParam = `$${values.length}`;
  const { rows } = await c.client.query<{
    date: string;
    registrations: number;
    payments: number;
    paid_amount: number;
  }>(
    `WITH span AS (
       SELECT d::date AS day FROM generate_series(
         (now() AT TIME ZONE 'Asia/Jakarta')::date - (${daysParam}::int - 1),
         (now() AT TIME ZONE 'Asia/Jakarta')::date, interval '1 day') d
     ),
     since AS (SELECT (min(day)::timestamp AT TIME ZONE 'Asia/Jakarta') AS t FROM span),
     reg AS (
       SELECT (r.created_at AT TIME ZONE 'Asia/Jakarta')::date AS day, count(*)::int AS n
       FROM registrants r WHERE ${regWhere} AND r.created_at >= (SELECT t FROM since) GROUP BY 1
     ),
     pay AS (
       SELECT (i.paid_at AT TIME ZONE 'Asia/Jakarta')::date AS day, count(*)::int AS n, sum(i.amount)::float8 AS amount
       FROM registrant_installment_payments i
       JOIN registrant_header_payments h ON h.tenant_id = i.tenant_id AND h.id = i.header_id
       JOIN registrants r ON r.tenant_id = h.tenant_id AND r.id = h.registrant_id
       WHERE i.tenant_id = $1 AND i.paid_at >= (SELECT t FROM since) AND h.deleted_at IS NULL AND ${regWhere}
       GROUP BY 1
     )
     SELECT to_char(span.day, 'YYYY-MM-DD') AS date, coalesce(reg.n, 0) AS registrations,
       coalesce(pay.n, 0) AS payments, coalesce(pay.amount, 0)::float8 AS paid_amount
     FROM span LEFT JOIN reg USING (day) LEFT JOIN pay USING (day) ORDER BY span.day`,
    values,
  );
  return rows;
}

/** Places left in each active class quota of the periods in scope. */
export async function placesLeft(c: TenantConn, s: Scope) {
  const values: unknown[] = [c.tenantId];
  const where = ['cp.tenant_id = $1', 'cp.deleted_at IS NULL', 'cp.is_active', 'sp.deleted_at IS NULL'];
  const add = (col: string, v: number | undefined) => {
    if (v === undefined) return;
    values.push(v);
    where.push(`${col} = $${values.length}`);
  };
  add('sp.school_year_id', s.school_year_id);
  add('cp.school_period_id', s.school_period_id);
  add('sp.school_id', s.school_id);
  const { rows } = await c.client.query<{
    school_id: number;
    school_name: string;
    school_period_id: number;
    period_name: string;
    mst_class_id: number;
    class_name: string;
    quota: number;
    taken: number;
  }>(
    `SELECT sp.school_id, s.name AS school_name, cp.school_period_id, sp.name AS period_name, cp.mst_class_id,
       k.name AS class_name, cp.quota, coalesce(t.n, 0)::int AS taken
     FROM class_periods cp
     JOIN school_periods sp ON sp.tenant_id = cp.tenant_id AND sp.id = cp.school_period_id
     JOIN schools s ON s.tenant_id = sp.tenant_id AND s.id = sp.school_id
     JOIN mst_classes k ON k.tenant_id = cp.tenant_id AND k.id = cp.mst_class_id
     LEFT JOIN LATERAL (
       SELECT count(*) AS n FROM registrants r WHERE r.tenant_id = cp.tenant_id
         AND r.school_period_id = cp.school_period_id AND r.mst_class_id = cp.mst_class_id AND r.deleted_at IS NULL
     ) t ON true
     WHERE ${where.join(' AND ')}
     ORDER BY s.name, sp.name, k.name`,
    values,
  );
  return rows.map((r) => ({ ...r, left: Math.max(0, r.quota - r.taken) }));
}
