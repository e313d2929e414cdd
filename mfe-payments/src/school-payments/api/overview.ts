import { endpoint } from '@psb/api-client/http';
import {
  type SchoolPaymentOverviewQuery,
  schoolPaymentOverviewResponseSchema,
} from '@psb/contracts/payment-setup';
import { anyRecordResponseSchema } from '@psb/contracts/resources';
import { resourceKeys } from '@psb/resource-ui';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

export type OverviewParams = Omit<SchoolPaymentOverviewQuery, 'page' | 'page_size'> & { page: number };

export const PAGE_SIZE = 25;

const overview = endpoint(schoolPaymentOverviewResponseSchema);
const record = endpoint(anyRecordResponseSchema);

export function fetchOverview(params: OverviewParams) {
  const searchParams = new URLSearchParams({ page: String(params.page), page_size: String(PAGE_SIZE) });
  for (const [key, value] of Object.entries(params))
    if (key !== 'page' && value !== undefined && value !== '' && value !== null)
      searchParams.set(key, String(value));
  return overview.get('school_payments/admin', { searchParams });
}

/** One setting as the engine's form edits it. */
export const fetchSchoolPayment = (id: number) => record.get(`school_payment/${id}`).then((r) => r.data);
export const archiveSchoolPayment = (id: number) => record.delete(`school_payment/${id}`);

/** Under the school payment resource's key: a save in the engine's form refreshes the overview too. */
export const overviewQuery = (params: OverviewParams) =>
  queryOptions({
    queryKey: [...resourceKeys.all('school_payment'), 'overview', params] as const,
    queryFn: () => fetchOverview(params),
  });
export const useOverview = (params: OverviewParams, enabled: boolean) =>
  useQuery({ ...overviewQuery(params), placeholderData: keepPreviousData, enabled });
