import { api, endpoint } from '@psb/api-client/http';
import { namedListSchema, type OrderListQuery, orderListResponseSchema } from '@psb/contracts/payments';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/** The parents' item orders (staff): the list, the items to export by, one item's export. */

export type OrderFilters = Partial<Record<keyof OrderListQuery & string, string>>;
export const PAGE_SIZE = 25;

const list = endpoint(orderListResponseSchema);
const items = endpoint(namedListSchema);

export const fetchOrders = (nonactive: boolean, f: OrderFilters) =>
  list.get(`admin/registrant/detailorder${nonactive ? '/nonactive' : ''}`, {
    searchParams: { limit: PAGE_SIZE, ...f },
  });
export const ordersQuery = (nonactive: boolean, f: OrderFilters) =>
  queryOptions({
    queryKey: ['item-orders', nonactive, f] as const,
    queryFn: () => fetchOrders(nonactive, f),
  });
export const useOrders = (nonactive: boolean, f: OrderFilters) =>
  useQuery({ ...ordersQuery(nonactive, f), placeholderData: keepPreviousData });

export const fetchItems = () =>
  items
    .get('mst_items', { searchParams: { page_size: '100', sort_column: 'name', sort_value: 'asc' } })
    .then((r) => r.data);
export const itemsQuery = () =>
  queryOptions({ queryKey: ['item-orders', 'items'] as const, queryFn: fetchItems });
export const useItems = () => useQuery(itemsQuery());

/** Every order of one item (who gets what), as a spreadsheet. */
export const fetchItemOrdersExport = (itemId: string) =>
  api.get(`registrant_detail_payment/order/export/${itemId}`, { timeout: 120_000 }).blob();
