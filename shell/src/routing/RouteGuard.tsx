import { useSession } from '@psb/api-client/session';
import { type RouteEntry, unreadable } from '@psb/contracts/core';
import { useLocation, useNavigate } from '@psb/router';
import { NoAccess } from '@psb/ui';
import { type ReactNode, useEffect } from 'react';
import { decideAccess } from './access';
import { pageExit } from './pageExit';

/** The last page the visitor was allowed to see; the 404 redirect reports it as source_uri. */
let lastAllowedUri = '/';

export function RouteGuard({ route, children }: { route: RouteEntry; children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const requestUri = `${location.pathname}${location.search}`;
  const decision = decideAccess(route, session, { sourceUri: lastAllowedUri, requestUri });

  useEffect(() => {
    if (pageExit.leaving) return;
    if (decision.kind === 'allow') {
      lastAllowedUri = requestUri;
      return;
    }
    if (decision.clearArea === 'admin') useSession.getState().clearAdminSession();
    if (decision.clearArea === 'user') useSession.getState().clearUserSession();
    navigate(decision.to, { replace: true });
  }, [decision.kind, decision.kind === 'redirect' ? decision.to : '', requestUri, navigate]);

  if (decision.kind !== 'allow') return null;
  // Signed in to the right area, but the role may not read everything the page needs: say what, in place.
  const admin = route.area === 'admin';
  const missing = unreadable(
    admin ? session.admin_role : session.user_role,
    admin ? session.admin_role_modules : session.role_modules,
    route.modules,
  );
  return missing.length ? <NoAccess modules={missing} /> : children;
}
