import { api, endpoint } from '@psb/api-client/http';
import { type Channel, chargeResponseSchema, registrantBillsResponseSchema } from '@psb/contracts/payments';
import { queryOptions } from '@tanstack/react-query';

/** The parent's bills of one registrant, the live wait for changes, opening a payment number, the receipt. */

export const billKeys = { of: (registrantId: number) => ['bills', registrantId] as const };

const bills = endpoint(registrantBillsResponseSchema);
const charge = endpoint(chargeResponseSchema);

export const billsQuery = (registrantId: number) =>
  queryOptions({
    queryKey: billKeys.of(registrantId),
    queryFn: () => bills.get(`registrant_payment/${registrantId}`),
  });

/** Answers when the bills differ from `version` (the server holds the request for up to ~25 s). */
export const waitForBills = (registrantId: number, version: number, signal: AbortSignal) =>
  bills.get(`registrant_payment/${registrantId}/wait`, {
    searchParams: { version },
    signal,
    timeout: 40_000,
  });

export const openCharge = (registrantId: number, installmentId: number, channel: Channel) =>
  charge.post(`registrant_payment/${registrantId}/charge`, {
    json: { installment_id: installmentId, channel },
  });

export const fetchReceipt = (billId: number) =>
  api.get(`registrant_payment/receipt/${billId}`, { timeout: 60_000 }).blob();
