import { bootEndpoint, DASHBOARD_KEY_ROOT } from '@psb/api-client/http';
import { useSession } from '@psb/api-client/session';
import { can, type RoleModule } from '@psb/contracts/core';
import type { DashboardQuery, dashboardResponseSchema } from '@psb/contracts/reports';
import type { dashboardCountsResponseSchema } from '@psb/contracts/resources';
import { queryOptions } from '@tanstack/react-query';

// Typed by the contract, not parsed: parsing would load zod and the schema modules (two copies of zod, one
// per build, and every resource declaration) before the staff landing page could draw its figures. The server
// writes both answers through these schemas.
const report = bootEndpoint<typeof dashboardResponseSchema>();
const counts = bootEndpoint<typeof dashboardCountsResponseSchema>();

/** One card of the record counts. */
export type RecordCount = Awaited<ReturnType<typeof counts.get>>['data'][number];

export type DashboardFilters = Partial<Record<keyof DashboardQuery, string>>;
/** The URL parameters the admission summary reads (and its pickers write). */
export const DASHBOARD_FILTER_KEYS = ['school_year_id', 'school_period_id', 'school_id'] as const;

/**
 * Requests started before the page's first render, each taken once by the first query that asks for the
 * same answer. Kept only briefly: an answer nobody took (the visitor went elsewhere first) must not be shown
 * as fresh on a later visit.
 */
const early = new Map<string, { at: number; answer: Promise<unknown> }>();
const EARLY_MAX_AGE_MS = 10_000;

function takeEarly<T>(key: string, request: () => Promise<T>): Promise<T> {
  const hit = early.get(key);
  early.delete(key);
  return hit && performance.now() - hit.at < EARLY_MAX_AGE_MS ? (hit.answer as Promise<T>) : request();
}

const reportKey = (filters: DashboardFilters) =>
  `report?${new URLSearchParams(filters as Record<string, string>)}`;

const countsKey = (filters: DashboardFilters) =>
  `counts?${new URLSearchParams(filters as Record<string, string>)}`;
const fetchCounts = (filters: DashboardFilters) =>
  counts.get('dashboard/counts', { searchParams: filters as Record<string, string> });

/** Ringkasan Data under the summary's filters (each resource whose list filters by them follows them). */
export const countsQuery = (filters: DashboardFilters) =>
  queryOptions({
    queryKey: [...DASHBOARD_KEY_ROOT, 'counts', filters] as const,
    queryFn: () => takeEarly(countsKey(filters), () => fetchCounts(filters)),
  });

export const admissionQuery = (filters: DashboardFilters) =>
  queryOptions({
    queryKey: [...DASHBOARD_KEY_ROOT, 'report', filters] as const,
    queryFn: () =>
      takeEarly(reportKey(filters), () =>
        report.get('report/dashboard', { searchParams: filters as Record<string, string> }),
      ),
  });

/** The filters of a URL query string, as the summary reads them (empty values left out). */
export function filtersFrom(search: string): DashboardFilters {
  const params = new URLSearchParams(search);
  const filters: DashboardFilters = {};
  for (const key of DASHBOARD_FILTER_KEYS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return filters;
}

/** Whether the signed-in staff member sees the admission summary (the server checks the same flag). */
export const mayReadReports = (role: string | null, roleModules: readonly RoleModule[]) =>
  can(role, roleModules, 'Laporan', 'read');

/**
 * Starts the landing page's two requests as soon as this remote's route map runs, instead of after the page
 * has rendered: on a phone line they then travel while React draws the layout and the greeting. Only for a
 * signed-in staff member who opens the dashboard itself, and only the requests the page will make.
 */
export function startDashboardRequests(search: string) {
  const session = useSession.getState();
  if (!session.admin_token) return;
  const at = performance.now();
  const hold = (key: string, answer: Promise<unknown>) => {
    answer.catch(() => {}); // a failure reaches the page through its query, which then asks again
    early.set(key, { at, answer });
  };
  const filters = filtersFrom(search);
  hold(countsKey(filters), fetchCounts(filters));
  if (mayReadReports(session.admin_role, session.admin_role_modules)) {
    hold(
      reportKey(filters),
      report.get('report/dashboard', { searchParams: filters as Record<string, string> }),
    );
  }
}
