import { api, endpoint } from '@psb/api-client/http';
import { type ReportName, reportResponseSchema } from '@psb/contracts/reports';

/** A report's filters as they sit in the URL (only the declared ones are sent). */
export type ReportFilterValues = Partial<Record<string, string>>;

const params = (f: ReportFilterValues & { format?: string }) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v) p.set(k, v);
  return p;
};

const report = endpoint(reportResponseSchema);

export const reportKeys = {
  one: (name: ReportName, f: ReportFilterValues) => ['report', name, f] as const,
};

export const fetchReport = (name: ReportName, f: ReportFilterValues) =>
  report.get(`report/${name}`, { searchParams: params(f), timeout: 60_000 }).then((r) => r.data);

/** The whole report as a file (the server streams every row, not only the ones on screen). */
export const fetchReportFile = (name: ReportName, f: ReportFilterValues, format: 'xlsx' | 'txt') =>
  api.get(`report/${name}/export`, { searchParams: params({ ...f, format }), timeout: false }).blob();
