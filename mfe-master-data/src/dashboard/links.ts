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

/** Bills in scope: the dashboard's school and period (the bill list has no school-year filter). */
export const billsLink = (scope: DashboardQuery, extra: { state?: string; status?: string } = {}) =>
  withQuery('/admin/registrant/payment', {
    school_id: scope.school_id,
    school_period_id: scope.school_period_id,
    ...extra,
  });
