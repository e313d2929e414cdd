import type { SessionArea, SessionData } from '@psb/api-client/session';
import { type RouteEntry, roleAllowed } from '@psb/contracts/core';

export type AccessDecision =
  | { kind: 'allow' }
  | {
      kind: 'redirect';
      to: string;
      /** The one session area to wipe on the way out; the other area is never touched. */
      clearArea: SessionArea | null;
    };

type SessionView = Pick<SessionData, 'token' | 'user_role' | 'admin_token' | 'admin_role' | 'registrant_id'>;

/**
 * Route access. Public pages are open. A parent page needs the user session, an admin page the admin
 * session. Signed in to neither: that area's leftovers are cleared and the visitor lands on the 404 page with
 * where they came from (`source_uri`) and what they asked for (`request_uri`), which offers to sign in and
 * come back. Signed in, but only to the other area or with a role the route does not list → /401, and no
 * session is cleared: a parent who opens an admin page keeps the parent session. Registrant pages without a
 * chosen registrant → /home.
 */
export function decideAccess(
  route: RouteEntry,
  session: SessionView,
  request: { sourceUri: string; requestUri: string },
): AccessDecision {
  if (route.area === 'public') return { kind: 'allow' };
  const area: SessionArea = route.area === 'admin' ? 'admin' : 'user';
  const token = area === 'admin' ? session.admin_token : session.token;
  const role = area === 'admin' ? session.admin_role : session.user_role;
  if (!token) {
    const otherToken = area === 'admin' ? session.token : session.admin_token;
    if (otherToken) return { kind: 'redirect', to: '/401', clearArea: null };
    const query = new URLSearchParams({ source_uri: request.sourceUri, request_uri: request.requestUri });
    return { kind: 'redirect', to: `/404?${query.toString()}`, clearArea: area };
  }
  if (route.roles && !roleAllowed(role, route.roles))
    return { kind: 'redirect', to: '/401', clearArea: null };
  if (route.needsRegistrant && !session.registrant_id)
    return { kind: 'redirect', to: '/home', clearArea: null };
  return { kind: 'allow' };
}
