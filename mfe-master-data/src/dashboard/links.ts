import type { DashboardQuery } from '@psb/contracts/reports';

/**
 * Where each dashboard number leads: the list that makes it up, with that list's own URL filters (the
 * registrant list's `school_period_id` / `status` / `mst_class_id`, the bill list's `state` / `status`).
 */
const withQuery = (path: string, q: Record<string, string | number | undefined>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `${path}?${s}` : path;
};

export const registrantsLink = (q: {
  school_id?: number | undefined;
  school_period_id?: number | undefined;
  status?: string | undefined;
  mst_class_id?: number | undefined;
}) => withQuery('/admin/registrant', q);

/**
 * The bills a money figure adds up: the dashboard's year, school and period, and only the bills the figures
 * count (`counted`: published, partly paid or paid; of a withdrawn or archived registrant only paid ones), so
 * the list's count and sums are the card's numbers.
 */
export const billsLink = (scope: DashboardQuery, extra: { state?: string; status?: string } = {}) =>
  withQuery('/admin/registrant/payment', {
    school_year_id: scope.school_year_id,
    school_id: scope.school_id,
    school_period_id: scope.school_period_id,
    counted: 'true',
    ...extra,
  });
