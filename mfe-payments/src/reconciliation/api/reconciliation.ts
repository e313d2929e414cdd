import { api, endpoint } from '@psb/api-client/http';
import { messageResponseSchema } from '@psb/contracts/auth';
import { type RESOLUTION_LABELS, reconciliationResponseSchema } from '@psb/contracts/payments';
import type { DateRange } from '@psb/staff-ui';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Our payment records of a date range against the provider's, the resolution of a mismatch, the export. */

const report = endpoint(reconciliationResponseSchema);
const message = endpoint(messageResponseSchema);

export const fetchReconciliation = (range: DateRange) =>
  report.get('us/rekonsiliasi', { searchParams: range, timeout: 120_000 });
export const reconciliationQuery = (range: DateRange | null) =>
  queryOptions({ queryKey: ['reconciliation', range] as const, queryFn: () => fetchReconciliation(range!) });
/** Nothing is asked until staff ask for a range (the comparison calls the provider). */
export const useReconciliation = (range: DateRange | null) =>
  useQuery({ ...reconciliationQuery(range), enabled: range !== null });

export const resolveMismatch = (order_id: string, action: keyof typeof RESOLUTION_LABELS, reason: string) =>
  message.post('us/rekonsiliasi/resolve', { json: { order_id, action, reason } });

export const fetchReconciliationExport = (range: DateRange) =>
  api.get('us/rekonsiliasi/export', { searchParams: range, timeout: 120_000 }).blob();
