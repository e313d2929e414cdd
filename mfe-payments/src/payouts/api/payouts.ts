import { api, endpoint } from '@psb/api-client/http';
import {
  type CreatePayout,
  type PayoutStatusName,
  payoutListResponseSchema,
  payoutResponseSchema,
} from '@psb/contracts/payments';
import type { DateRange } from '@psb/staff-ui';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';

const listEndpoint = endpoint(payoutListResponseSchema);
const one = endpoint(payoutResponseSchema);

const payoutKeys = { all: ['payouts'] as const, range: (r: DateRange) => ['payouts', r] as const };

export const fetchPayouts = (range: DateRange) =>
  listEndpoint.get('us/midtrans_payout', { searchParams: range });
export const createPayout = (body: CreatePayout) => one.post('us/midtrans_payout', { json: body });
export const approvePayout = (id: number) => one.post(`us/midtrans_payout/${id}/approve`);
export const rejectPayout = (id: number, reason: string) =>
  one.post(`us/midtrans_payout/${id}/reject`, { json: { reason } });
export const exportPayouts = (range: DateRange) =>
  api.get('us/midtrans_payout/export', { searchParams: range, timeout: 120_000 }).blob();

export const payoutsQuery = (range: DateRange) =>
  queryOptions({ queryKey: payoutKeys.range(range), queryFn: () => fetchPayouts(range) });
/** Statuses the bank may still change: the list asks again now and then while one is shown. */
const MOVING = new Set<PayoutStatusName>(['creating', 'approved', 'processed']);
export const usePayouts = (range: DateRange) =>
  useQuery({
    ...payoutsQuery(range),
    enabled: range.date_from !== '' && range.date_to !== '',
    refetchInterval: (q) => (q.state.data?.data.some((p) => MOVING.has(p.status)) ? 3000 : false),
  });
export const invalidatePayouts = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: payoutKeys.all });
