import type { SessionData } from '@psb/api-client/session';
import { type RouteEntry, roleAllowed } from '@psb/contracts/core';

export type AccessDecision = { kind: 'allow' } | { kind: 'redirect'; to: string; clearSessions: boolean };

type SessionView = Pick<SessionData, 'token' | 'user_role' | 'admin_token' | 'admin_role' | 'registrant_id'>;

/**
 * SPEC 6 route access. Public pages are open. A parent page needs the user session, an admin page the admin
 * session; without it the sessions are cleared and the visitor lands on the 404 page with where they came
 * from (`source_uri`) and what they asked for (`request_uri`). Signed in with a role the route does not list
 * → /401. Registrant pages without a chosen registrant → /home.
 */
export function decideAccess(
  route: RouteEntry,
  session: SessionView,
  request: { sourceUri: string; requestUri: string },
): AccessDecision {
  if (route.area === 'public') return { kind: 'allow' };
  const token = route.area === 'admin' ? session.admin_token : session.token;
  const role = route.area === 'admin' ? session.admin_role : session.user_role;
  if (!token) {
    const query = new URLSearchParams({ source_uri: request.sourceUri, request_uri: request.requestUri });
    return { kind: 'redirect', to: `/404?${query.toString()}`, clearSessions: true };
  }
  if (route.roles && !roleAllowed(role, route.roles))
    return { kind: 'redirect', to: '/401', clearSessions: false };
  if (route.needsRegistrant && !session.registrant_id)
    return { kind: 'redirect', to: '/home', clearSessions: false };
  return { kind: 'allow' };
}
