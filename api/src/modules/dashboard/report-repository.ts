import { type DashboardQuery, REPORTED_BILL_STATES } from '@psb/contracts';
import { sql } from 'kysely';
import type { TenantConn } from '../../db/tenant-db';

/**
 * The dashboard's figures, read from the running sums of migration 0080 (report_registrant_days,
 * report_bill_days, report_payment_days: a few rows per school, period and day, kept exact by triggers on the
 * registrants, bills, installments and test sittings). Row-level security on the sums keeps a school-limited
 * role to its schools, as on the lists the figures link to.
 */

type Scope = DashboardQuery & { school_year_id: number | undefined };

/** The tenant and the chosen year / period / school on a summary table's alias. */
function inScope(alias: string, tenantId: number, s: Scope) {
  const parts = [sql`${sql.ref(`${alias}.tenant_id`)} = ${tenantId}`];
  for (const col of ['school_year_id', 'school_period_id', 'school_id'] as const) {
    const v = s[col];
    if (v !== undefined) parts.push(sql`${sql.ref(`${alias}.${col}`)} = ${v}`);
  }
  return sql<boolean>`${sql.join(parts, sql` AND `)}`;
}

/** sum() of an integer or bigint column as a JS number (0 over no rows). */
const total = (expr: ReturnType<typeof sql>) => sql<number>`coalesce(sum(${expr}), 0)::float8`;

/** The active school year, the dashboard's default. */
export async function activeYear(c: TenantConn) {
  const row = await c.db
    .selectFrom('school_years')
    .select('id')
    .where('tenant_id', '=', c.tenantId)
    .where('deleted_at', 'is', null)
    .orderBy('is_active', 'desc')
    .orderBy('start_date', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/**
 * Registrants per school, period and state, with how many of them have a bill paid in full (`paid`) and a
 * scored test sitting (`tested`).
 */
export function funnelCounts(c: TenantConn, s: Scope) {
  // Summed first, named after: the names join a hundred sums, not every day-and-class row of the season.
  const sums = c.db
    .selectFrom('report_registrant_days as d')
    .where(inScope('d', c.tenantId, s))
    .groupBy(['d.school_id', 'd.school_period_id', 'd.status'])
    .having(sql<boolean>`sum(d.registrants) <> 0`)
    .select([
      'd.school_id',
      'd.school_period_id',
      'd.status',
      total(sql`d.registrants`).as('n'),
      sql<number>`coalesce(sum(d.registrants) FILTER (WHERE d.paid), 0)::float8`.as('paid'),
      sql<number>`coalesce(sum(d.registrants) FILTER (WHERE d.tested), 0)::float8`.as('tested'),
    ]);
  return c.db
    .selectFrom(sums.as('f'))
    .innerJoin('schools as s', (j) => j.on('s.tenant_id', '=', c.tenantId).onRef('s.id', '=', 'f.school_id'))
    .innerJoin('school_periods as sp', (j) =>
      j.on('sp.tenant_id', '=', c.tenantId).onRef('sp.id', '=', 'f.school_period_id'),
    )
    .select([
      'f.school_id',
      's.name as school_name',
      'f.school_period_id',
      'sp.name as period_name',
      'f.status',
      'f.n',
      'f.paid',
      'f.tested',
    ])
    .orderBy('s.name')
    .orderBy('sp.name')
    .execute();
}

/** Money of the published bills (drafts, cancelled and archived bills are not billed to anyone). */
export async function moneyTotals(c: TenantConn, s: Scope) {
  const row = await c.db
    .selectFrom('report_bill_days as b')
    .where(inScope('b', c.tenantId, s))
    .where('b.state', 'in', REPORTED_BILL_STATES)
    .select([
      total(sql`b.bills`).as('bills'),
      total(sql`b.billed`).as('billed'),
      total(sql`b.paid`).as('paid'),
      total(sql`b.billed - b.paid`).as('outstanding'),
      sql<number>`coalesce(sum(b.bills) FILTER (WHERE b.state = 'paid'), 0)::float8`.as('paid_bills'),
      sql<number>`coalesce(sum(b.bills) FILTER (WHERE b.state <> 'paid'), 0)::float8`.as('open_bills'),
    ])
    .executeTakeFirstOrThrow();
  return row;
}

/** Registrations and payments (installments paid) per WIB day, the last `days` days up to today. */
export async function dailyActivity(c: TenantConn, s: Scope, days: number) {
  const today = sql`(now() AT TIME ZONE 'Asia/Jakarta')::date`;
  const since = sql`${today} - ${days - 1}::int`;
  const dayText = (col: string) => sql<string>`to_char(${sql.ref(col)}, 'YYYY-MM-DD')`;
  const { first } = await c.db
    .selectNoFrom(sql<string>`to_char(${since}, 'YYYY-MM-DD')`.as('first'))
    .executeTakeFirstOrThrow();
  const registrations = await c.db
    .selectFrom('report_registrant_days as d')
    .where(inScope('d', c.tenantId, s))
    .where(sql<boolean>`d.day >= ${since}`)
    .groupBy('d.day')
    .select([dayText('d.day').as('date'), total(sql`d.registrants`).as('n')])
    .execute();
  const payments = await c.db
    .selectFrom('report_payment_days as p')
    .where(inScope('p', c.tenantId, s))
    .where(sql<boolean>`p.day >= ${since}`)
    .groupBy('p.day')
    .select([dayText('p.day').as('date'), total(sql`p.payments`).as('n'), total(sql`p.amount`).as('amount')])
    .execute();
  const reg = new Map(registrations.map((r) => [r.date, r.n]));
  const pay = new Map(payments.map((p) => [p.date, p]));
  // Every day of the span, those without activity at zero (calendar days: UTC arithmetic on the date).
  const start = Date.parse(`${first}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => {
    const date = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
    const p = pay.get(date);
    return { date, registrations: reg.get(date) ?? 0, payments: p?.n ?? 0, paid_amount: p?.amount ?? 0 };
  });
}

/** Places left in each active class quota of the periods in scope. */
export async function placesLeft(c: TenantConn, s: Scope) {
  const taken = c.db
    .selectFrom('report_registrant_days as d')
    .where(inScope('d', c.tenantId, s))
    .groupBy(['d.school_period_id', 'd.mst_class_id'])
    .select(['d.school_period_id', 'd.mst_class_id', total(sql`d.registrants`).as('n')]);
  const rows = await c.db
    .selectFrom('class_periods as cp')
    .innerJoin('school_periods as sp', (j) =>
      j.onRef('sp.tenant_id', '=', 'cp.tenant_id').onRef('sp.id', '=', 'cp.school_period_id'),
    )
    .innerJoin('schools as s', (j) =>
      j.onRef('s.tenant_id', '=', 'sp.tenant_id').onRef('s.id', '=', 'sp.school_id'),
    )
    .innerJoin('mst_classes as k', (j) =>
      j.onRef('k.tenant_id', '=', 'cp.tenant_id').onRef('k.id', '=', 'cp.mst_class_id'),
    )
    .leftJoin(taken.as('t'), (j) =>
      j
        .onRef('t.school_period_id', '=', 'cp.school_period_id')
        .onRef('t.mst_class_id', '=', 'cp.mst_class_id'),
    )
    .where('cp.tenant_id', '=', c.tenantId)
    .where('cp.deleted_at', 'is', null)
    .where('cp.is_active', '=', true)
    .where('sp.deleted_at', 'is', null)
    .$if(s.school_year_id !== undefined, (q) => q.where('sp.school_year_id', '=', s.school_year_id!))
    .$if(s.school_period_id !== undefined, (q) => q.where('cp.school_period_id', '=', s.school_period_id!))
    .$if(s.school_id !== undefined, (q) => q.where('sp.school_id', '=', s.school_id!))
    .select([
      'sp.school_id',
      's.name as school_name',
      'cp.school_period_id',
      'sp.name as period_name',
      'cp.mst_class_id',
      'k.name as class_name',
      'cp.quota',
      sql<number>`coalesce(t.n, 0)::int`.as('taken'),
    ])
    .orderBy('s.name')
    .orderBy('sp.name')
    .orderBy('k.name')
    .execute();
  return rows.map((r) => ({ ...r, left: Math.max(0, r.quota - r.taken) }));
}
