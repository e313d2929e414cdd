import { endpoint } from '@psb/api-client/http';
import {
  type SchoolPaymentOverviewQuery,
  schoolPaymentOverviewResponseSchema,
} from '@psb/contracts/payment-setup';
import { anyRecordResponseSchema } from '@psb/contracts/resources';

export type OverviewParams = Omit<SchoolPaymentOverviewQuery, 'page' | 'page_size'> & { page: number };

export const PAGE_SIZE = 25;

/** Under `['resource', 'school_payment']`: a save in the engine's form refreshes the overview too. */
export const overviewKey = (params: OverviewParams) =>
  ['resource', 'school_payment', 'overview', params] as const;

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
