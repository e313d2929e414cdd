import { bootEndpoint, endpoint } from '@psb/api-client/http';
import type { BuyVouchers, voucherPurchasesResponseSchema } from '@psb/contracts/payments';
import { queryOptions } from '@tanstack/react-query';

/** Vouchers bought online: the offers (price per school year), buying, one purchase, cancelling. */

export const purchaseKeys = {
  all: ['voucher-purchases'] as const,
  one: (id: number) => ['voucher-purchases', id] as const,
  offers: ['voucher-offers'] as const,
};

// The home page lists the parent's purchases: typed by the contract, so the home's first chunk does not wait
// for zod and the schemas. The buy dialog's calls parse their answers with schemas loaded with the call.
const payments = () => import('@psb/contracts/payments');
const offers = endpoint(() => payments().then((m) => m.voucherOffersResponseSchema));
const fees = endpoint(() =>
  import('@psb/contracts/payment-setup').then((m) => m.publicConvenienceFeesResponseSchema),
);
const one = endpoint(() => payments().then((m) => m.voucherPurchaseResponseSchema));
const many = bootEndpoint<typeof voucherPurchasesResponseSchema>();

export const offersQuery = () =>
  queryOptions({
    queryKey: purchaseKeys.offers,
    queryFn: () => offers.get('mst_token/buy/offers').then((r) => r.data),
    staleTime: 5 * 60_000,
  });

/** The active admin fee of each channel, to show the total with the fee before buying. */
export const feesQuery = () =>
  queryOptions({
    queryKey: ['public', 'convenience_fee'] as const,
    queryFn: () => fees.get('public/us/convenience_fee').then((r) => r.data),
    staleTime: 5 * 60_000,
  });

export const myPurchasesQuery = () =>
  queryOptions({
    queryKey: purchaseKeys.all,
    queryFn: () => many.get('user/token/buy').then((r) => r.data),
  });

/** While a purchase waits for its money, it is asked about every few seconds until the state changes. */
export const purchaseQuery = (id: number) =>
  queryOptions({
    queryKey: purchaseKeys.one(id),
    queryFn: () => one.get(`mst_token/buy/${id}`).then((r) => r.data),
    refetchInterval: (q) => (q.state.data?.state === 'pending' ? 3000 : false),
  });

export const buyVouchers = (body: BuyVouchers) => one.post('mst_token/buy/batch', { json: body });

export const cancelPurchase = (id: number) => one.delete(`mst_token/buy/${id}`);
