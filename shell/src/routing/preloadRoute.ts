import { useSession } from '@psb/api-client/session';
import { routeFor } from '@psb/contracts/core';
import { decideAccess } from './access';
import { loadRemoteRoutes } from './remoteRoutes';

/**
 * Starts loading the remote of the page being opened (manifest, entry, route map, once the live registry is
 * in) while React is still drawing the shell. Only for a page the visitor may open, so a guard redirect does
 * not fetch what will not be shown. The page's data belongs to its remote (the shell never imports a
 * remote's queries), so it starts when the remote's page mounts.
 */
export function preloadRoute(pathname: string, registryReady: Promise<unknown>) {
  const route = routeFor(pathname);
  if (!route) return;
  const access = decideAccess(route, useSession.getState(), { sourceUri: '/', requestUri: pathname });
  if (access.kind !== 'allow') return;
  const remote = route.remote;
  if (remote !== 'shell') void registryReady.then(() => loadRemoteRoutes(remote));
}
