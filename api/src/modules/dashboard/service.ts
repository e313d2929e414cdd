import { type DashboardData, type DashboardQuery, REGISTRANT_STATUSES } from '@psb/contracts';
import type { TenantConn } from '../../db/tenant-db';
import { activeYear, dailyActivity, funnelCounts, moneyTotals, placesLeft } from './report-repository';

/** Days of registrations and payments the dashboard draws. */
const SEASON_DAYS = 90;

/**
 * The dashboard of a school year (the active one unless chosen), optionally one period or school. The queries
 * run one after another on the request's connection (one connection per request keeps the pool free under
 * load); each reads the running sums, a few rows per school, period and day.
 */
export async function dashboardReport(c: TenantConn, q: DashboardQuery): Promise<DashboardData> {
  const scope = {
    ...q,
    school_year_id: q.school_year_id ?? (q.school_period_id ? undefined : await activeYear(c)),
  };
  const counts = await funnelCounts(c, scope);
  const byPeriod = new Map<number, DashboardData['funnel'][number]>();
  for (const row of counts) {
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
      };
      byPeriod.set(row.school_period_id, f);
    }
    f.statuses[row.status] = row.n;
    f.total += row.n;
    f.paid += row.paid;
    f.tested += row.tested;
  }
  return {
    school_year_id: scope.school_year_id ?? null,
    funnel: [...byPeriod.values()],
    money: await moneyTotals(c, scope),
    daily: await dailyActivity(c, scope, SEASON_DAYS),
    places: await placesLeft(c, scope),
  };
}
