import { bootEndpoint } from '@psb/api-client/http';
import type { firstPageResponseSchema } from '@psb/contracts/public';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * GET public/first_page: the texts, contacts, FAQ and module flags of the public pages. On the first load of
 * `/`, so typed from the contract without parsing (see bootEndpoint).
 */
const firstPage = bootEndpoint<typeof firstPageResponseSchema>();

export const fetchFirstPage = () => firstPage.get('public/first_page');
export const firstPageQuery = () =>
  queryOptions({
    queryKey: ['public', 'first_page'] as const,
    queryFn: fetchFirstPage,
    staleTime: 5 * 60_000,
  });
export const useFirstPage = () => useQuery(firstPageQuery());
