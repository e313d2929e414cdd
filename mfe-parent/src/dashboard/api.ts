import { bootEndpoint, PUBLIC_FIRST_PAGE_KEY } from '@psb/api-client/http';
import type { firstPageResponseSchema } from '@psb/contracts/public';
import { queryOptions } from '@tanstack/react-query';

/** The texts staff write for parents (dashboard message, test and graduation overviews) come with first_page. */
const firstPage = bootEndpoint<typeof firstPageResponseSchema>();
export const noticesQuery = () =>
  queryOptions({
    queryKey: PUBLIC_FIRST_PAGE_KEY,
    queryFn: () => firstPage.get('public/first_page'),
    staleTime: 5 * 60_000,
  });
