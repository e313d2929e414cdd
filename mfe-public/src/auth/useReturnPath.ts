import { RETURN_PARAM, type SessionArea, safeReturnPath } from '@psb/api-client/session';
import { useLocation } from '@psb/router';

/**
 * Where a successful login goes: the page named by `?next=` when it is a safe path of the same area (the 404
 * page of a guarded route links here with it), otherwise the area's start page.
 */
export function useReturnPath(area: SessionArea): string {
  const { search } = useLocation();
  const next = safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM), area);
  return next ?? (area === 'admin' ? '/admin/dashboard' : '/home');
}
