import type { SessionArea } from '../session/sessionStore';

/** Pages under /admin/ belong to the admin area (the admin login page /admin itself is public). */
export function isAdminPath(pathname: string): boolean {
  return pathname.startsWith('/admin/');
}

/** The session area of the page the user is on now; it decides which token a call carries. */
export function currentArea(pathname: string | undefined = globalThis.location?.pathname): SessionArea {
  return pathname && isAdminPath(pathname) ? 'admin' : 'user';
}
