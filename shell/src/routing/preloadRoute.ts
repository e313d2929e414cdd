import { firstPageQuery, meQuery, registrantsQuery, useSession } from '@psb/api-client';
import { routeFor } from '@psb/contracts/core';
import type { QueryClient } from '@tanstack/react-query';
import { decideAccess } from './access';
import { loadRemoteRoutes } from './remoteRoutes';

/**
 * Data the first view of a page asks for, by page path. The queries are the shared ones the pages use
 * (same keys), so the page finds them in flight or done. A page missing here only loses the head start.
 */
const FIRST_VIEW_DATA: Record<string, (client: QueryClient) => Promise<unknown>[]> = {
  '/': (client) => [client.prefetchQuery(firstPageQuery())],
  '/home': (client) => [client.prefetchQuery(meQuery()), client.prefetchQuery(registrantsQuery())],
};

/**
 * Starts what the page being opened needs while React is still drawing the shell: its remote (manifest,
 * entry, route map, once the live registry is in) and the data of its first view. Only for a page the
 * visitor may open, so a guard redirect does not fetch what will not be shown.
 */
export function preloadRoute(pathname: string, registryReady: Promise<unknown>, queryClient: QueryClient) {
  const route = routeFor(pathname);
  if (!route) return;
  const access = decideAccess(route, useSession.getState(), { sourceUri: '/', requestUri: pathname });
  if (access.kind !== 'allow') return;
  FIRST_VIEW_DATA[pathname]?.(queryClient);
  const remote = route.remote;
  if (remote !== 'shell') void registryReady.then(() => loadRemoteRoutes(remote));
}
