import { endpoint } from '@psb/api-client/http';
import { publicConvenienceFeesResponseSchema } from '@psb/contracts/payment-setup';
import { resourceKeys } from '@psb/resource-ui';
import { queryOptions, useQuery } from '@tanstack/react-query';

const fees = endpoint(publicConvenienceFeesResponseSchema);

/** The active fee of every channel (the list parents choose from). */
export const fetchActiveFees = () => fees.get('public/us/convenience_fee').then((r) => r.data);

/** Under the fee resource's key, so saving a fee in the engine's list refreshes the preview too. */
export const activeFeesQuery = () =>
  queryOptions({
    queryKey: [...resourceKeys.all('us/convenience_fee'), 'active'] as const,
    queryFn: () => fetchActiveFees(),
  });
export const useActiveFees = () => useQuery(activeFeesQuery());
