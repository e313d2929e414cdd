import { endpoint } from '@psb/api-client/http';
import { publicConvenienceFeesResponseSchema } from '@psb/contracts/payment-setup';
import {
  type BuyVouchers,
  voucherOffersResponseSchema,
  voucherPurchaseResponseSchema,
  voucherPurchasesResponseSchema,
} from '@psb/contracts/payments';
import { queryOptions } from '@tanstack/react-query';

/** Vouchers bought online: the offers (price per school year), buying, one purchase, cancelling. */

export const purchaseKeys = {
  all: ['voucher-purchases'] as const,
  one: (id: number) => ['voucher-purchases', id] as const,
  offers: ['voucher-offers'] as const,
};

const offers = endpoint(voucherOffersResponseSchema);
const fees = endpoint(publicConvenienceFeesResponseSchema);
const one = endpoint(voucherPurchaseResponseSchema);
const many = endpoint(voucherPurchasesResponseSchema);

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
