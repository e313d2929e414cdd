import { api, endpoint } from '@psb/api-client/http';
import { type CreatePayout, payoutListResponseSchema, payoutResponseSchema } from '@psb/contracts/payments';
import type { DateRange } from '../common/DateRangeFields';

const listEndpoint = endpoint(payoutListResponseSchema);
const one = endpoint(payoutResponseSchema);

export type { DateRange };

export const payoutKeys = { all: ['payouts'] as const, range: (r: DateRange) => ['payouts', r] as const };

export const fetchPayouts = (range: DateRange) =>
  listEndpoint.get('us/midtrans_payout', { searchParams: range });
export const createPayout = (body: CreatePayout) => one.post('us/midtrans_payout', { json: body });
export const approvePayout = (id: number) => one.post(`us/midtrans_payout/${id}/approve`);
export const rejectPayout = (id: number, reason: string) =>
  one.post(`us/midtrans_payout/${id}/reject`, { json: { reason } });
export const exportPayouts = (range: DateRange) =>
  api.get('us/midtrans_payout/export', { searchParams: range, timeout: 120_000 }).blob();
