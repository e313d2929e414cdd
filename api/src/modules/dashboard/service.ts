import { type DashboardData, type DashboardQuery, REGISTRANT_STATUSES } from '@psb/contracts';
import type { TenantConn } from '../../db/tenant-db';
import {
  activeYear,
  dailyActivity,
  funnelCounts,
  moneyTotals,
  paidRegistrants,
  placesLeft,
  testedRegistrants,
} from './report-repository';

/** Days of registrations and payments the dashboard draws. */
const SEASON_DAYS = 90;

/**
 * The dashboard of a school year (the active one unless chosen), optionally one period or school. The queries
 * run one after another on the request's connection (one connection per request keeps the pool free under
 * load; each is an index scan over the year's rows).
 */
export async function dashboardReport(c: TenantConn, q: DashboardQuery): Promise<DashboardData> {
  // Whole-season aggregates: hash joins, not nested lookups the row-level-security estimates would pick
  // (transaction-local; the route runs this in a transaction).
  await c.client.query(`SELECT set_config('enable_nestloop', 'off', true)`);
  const scope = {
    ...q,
    school_year_id: q.school_year_id ?? (q.school_period_id ? undefined : await activeYear(c)),
  };
  const counts = await funnelCounts(c, scope);
  const paid = await paidRegistrants(c, scope);
  const tested = await testedRegistrants(c, scope);
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
        paid: paid.get(row.school_period_id) ?? 0,
        tested: tested ? (tested.get(row.school_period_id) ?? 0) : null,
      };
      byPeriod.set(row.school_period_id, f);
    }
    f.statuses[row.status] = row.n;
    f.total += row.n;
  }
  return {
    funnel: [...byPeriod.values()],
    money: await moneyTotals(c, scope),
    daily: await dailyActivity(c, scope, SEASON_DAYS),
    places: await placesLeft(c, scope),
  };
}
