import { api } from '@psb/api-client/http';
import type {
  SchoolPaymentOverviewResponse as OverviewResponse,
  SchoolPaymentOverviewQuery,
} from '@psb/contracts/payment-setup';

export type OverviewParams = Omit<SchoolPaymentOverviewQuery, 'page' | 'page_size'> & { page: number };

export const PAGE_SIZE = 25;

/** Under `['resource', 'school_payment']`: a save in the engine's form refreshes the overview too. */
export const overviewKey = (params: OverviewParams) =>
  ['resource', 'school_payment', 'overview', params] as const;

export function fetchOverview(params: OverviewParams): Promise<OverviewResponse> {
  const searchParams = new URLSearchParams({ page: String(params.page), page_size: String(PAGE_SIZE) });
  for (const [key, value] of Object.entries(params))
    if (key !== 'page' && value !== undefined && value !== '' && value !== null)
      searchParams.set(key, String(value));
  return api.get('school_payments/admin', { searchParams }).json<OverviewResponse>();
}
