import { RETURN_PARAM, type SessionArea, safeReturnPath } from '@psb/api-client/session';
import { routeFor } from '@psb/contracts/core';

/**
 * Where "Masuk" leads from the 404 page a guard sent a signed-out visitor to: the login of the requested
 * page's area, carrying that page so the login can return there. Null when the request was no protected page.
 */
export function loginLinkFor(requestUri: string | null): string | null {
  if (!requestUri) return null;
  const pathname = requestUri.split(/[?#]/)[0] ?? '';
  const route = routeFor(pathname);
  if (!route || route.area === 'public') return null;
  const area: SessionArea = route.area === 'admin' ? 'admin' : 'user';
  const next = safeReturnPath(requestUri, area);
  if (!next) return null;
  const query = new URLSearchParams(area === 'admin' ? {} : { modal: 'login' });
  query.set(RETURN_PARAM, next);
  return `${area === 'admin' ? '/admin' : '/'}?${query.toString()}`;
}
