import { type DashboardData, type DashboardQuery, REGISTRANT_STATUSES } from '@psb/contracts';
import type { TenantConn } from '../../../db/tenant-db';
import { dashboardFigures } from './report-repository';

/** Days of registrations and payments the dashboard draws. */
const SEASON_DAYS = 90;

/**
 * The dashboard of a school year (the active one unless chosen), optionally one period or school: one statement
 * on the request's connection (one round trip, one connection per request keeps the pool free under load),
 * reading the running sums, a few rows per school, period and day.
 */
export async function dashboardReport(c: TenantConn, q: DashboardQuery): Promise<DashboardData> {
  const figures = await dashboardFigures(c, q, SEASON_DAYS);
  const byPeriod = new Map<number, DashboardData['funnel'][number]>();
  for (const row of figures.funnel) {
    let f = byPeriod.get(row.school_period_id);
    if (!f) {
      f = {
        school_id: row.school_id,
        school_name: row.school_name,
        school_period_id: row.school_period_id,
        period_name: row.period_name,
        statuses: Object.fromEntries(REGISTRANT_STATUSES.map((s) => [s, 0])),
        total: 0,
        paid: 0,
        tested: 0,
        offered: 0,
      };
      byPeriod.set(row.school_period_id, f);
    }
    f.statuses[row.status] = row.n;
    f.total += row.n;
    f.paid += row.paid;
    f.tested += row.tested;
  }
  for (const o of figures.offered) {
    const f = byPeriod.get(o.school_period_id);
    if (f) f.offered = o.n;
  }
  const reg = new Map(figures.registrations.map((r) => [r.date, r.n]));
  const pay = new Map(figures.payments.map((p) => [p.date, p]));
  // Every day of the span, those without activity at zero (calendar days: UTC arithmetic on the date).
  const start = Date.parse(`${figures.first}T00:00:00Z`);
  const daily = Array.from({ length: SEASON_DAYS }, (_, i) => {
    const date = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
    const p = pay.get(date);
    return { date, registrations: reg.get(date) ?? 0, payments: p?.n ?? 0, paid_amount: p?.amount ?? 0 };
  });
  return {
    school_year_id: figures.school_year_id,
    funnel: [...byPeriod.values()],
    money: figures.money,
    daily,
    places: figures.places.map((r) => ({ ...r, left: Math.max(0, r.quota - r.taken) })),
  };
}
