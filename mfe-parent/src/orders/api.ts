import { api, endpoint } from '@psb/api-client/http';
import {
  type CartLines,
  cartResponseSchema,
  orderResponseSchema,
  ordersResponseSchema,
  type PurchaseChannel,
} from '@psb/contracts/payments';
import { queryOptions } from '@tanstack/react-query';

/** The registrant's cart (with the items its school offers), checkout, the orders and their invoices. */

export const orderKeys = { of: (registrantId: number) => ['orders', registrantId] as const };

const cart = endpoint(cartResponseSchema);
const orders = endpoint(ordersResponseSchema);
const order = endpoint(orderResponseSchema);

export const cartQuery = (registrantId: number) =>
  queryOptions({
    queryKey: [...orderKeys.of(registrantId), 'cart'] as const,
    queryFn: () => cart.get(`registrant_order/${registrantId}`),
  });

/** While an order waits for its money, it is asked about every few seconds. */
export const ordersQuery = (registrantId: number) =>
  queryOptions({
    queryKey: [...orderKeys.of(registrantId), 'list'] as const,
    queryFn: () => orders.get(`registrant_order/trans/${registrantId}`).then((r) => r.data),
    refetchInterval: (q) => (q.state.data?.some((o) => o.state === 'pending') ? 5000 : false),
  });

export const saveCart = (registrantId: number, body: CartLines) =>
  cart.post(`registrant_order/${registrantId}`, { json: body });

export const checkout = (registrantId: number, channel: PurchaseChannel) =>
  order.post('us/order/checkout', { json: { registrant_id: registrantId, channel } });

export const fetchInvoice = (orderId: number) =>
  api.get(`order/invoice/${orderId}`, { timeout: 60_000 }).blob();

/** A new payment number for an unpaid order whose number expired (or on another channel). */
export const renewOrderCharge = (orderId: number, channel: PurchaseChannel) =>
  order.post(`us/order/${orderId}/charge`, { json: { channel } });
