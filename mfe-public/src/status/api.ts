import { endpoint } from '@psb/api-client/http';
import { queryOptions } from '@tanstack/react-query';

const status = endpoint(() => import('@psb/contracts/public').then((m) => m.publicStatusResponseSchema));

/** GET public/status, asked again every 15 s while the page is open: the wait changes by the minute. */
export const statusQuery = () =>
  queryOptions({
    queryKey: ['public', 'status'] as const,
    queryFn: () => status.get('public/status'),
    refetchInterval: 15_000,
  });
