import { api, endpoint, errorMessage } from '@psb/api-client/http';
import { type ReportName, reportResponseSchema } from '@psb/contracts/reports';
import { saveBlob } from '@psb/resource-ui';
import { notify } from '@psb/ui';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';

/** A report's filters as they sit in the URL (only the declared ones are sent). */
export type ReportFilterValues = Partial<Record<string, string>>;

const params = (f: ReportFilterValues & { format?: string }) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v) p.set(k, v);
  return p;
};

const report = endpoint(reportResponseSchema);

export const fetchReport = (name: ReportName, f: ReportFilterValues) =>
  report.get(`report/${name}`, { searchParams: params(f), timeout: 60_000 }).then((r) => r.data);

export const reportQuery = (name: ReportName, f: ReportFilterValues) =>
  queryOptions({ queryKey: ['report', name, f] as const, queryFn: () => fetchReport(name, f) });

/** The rows on screen stay while the next filters load. */
export const useReport = (name: ReportName, f: ReportFilterValues, enabled: boolean) =>
  useQuery({ ...reportQuery(name, f), placeholderData: keepPreviousData, enabled });

/** The whole report as a file (the server streams every row, not only the ones on screen). */
export const fetchReportFile = (name: ReportName, f: ReportFilterValues, format: 'xlsx' | 'txt') =>
  api.get(`report/${name}/export`, { searchParams: params({ ...f, format }), timeout: false }).blob();

export const useReportDownload = (name: ReportName, f: ReportFilterValues, fileName: string) =>
  useMutation({
    mutationFn: (format: 'xlsx' | 'txt') => fetchReportFile(name, f, format),
    onSuccess: (blob, format) => saveBlob(blob, `${fileName}.${format}`),
    onError: (err) => notify.error(errorMessage(err)),
  });
