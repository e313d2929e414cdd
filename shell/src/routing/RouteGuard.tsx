import { useSession } from '@psb/api-client/session';
import type { RouteEntry } from '@psb/contracts/core';
import { useLocation, useNavigate } from '@psb/router';
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

  return decision.kind === 'allow' ? children : null;
}
