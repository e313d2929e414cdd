import { endpoint } from '@psb/api-client/http';
import { namedListSchema } from '@psb/contracts/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';

const named = endpoint(namedListSchema);

/** Payment types for a picker (the list is short: one page, by name). */
export const fetchPaymentTypes = () =>
  named
    .get('mst_type_payments', { searchParams: { page_size: '100', sort_column: 'name', sort_value: 'asc' } })
    .then((r) => r.data);

/** One key for every screen that picks a payment type (the bills list, both bill forms). */
export const paymentTypesQuery = () =>
  queryOptions({ queryKey: ['payment-types'] as const, queryFn: fetchPaymentTypes });
export const usePaymentTypes = () => useQuery(paymentTypesQuery());
