import { isAdminPath } from '../http/area';
import type { SessionArea } from './sessionStore';

/** Query parameter that carries the page to reopen after signing in. */
export const RETURN_PARAM = 'next';

const ORIGIN = 'https://psb.invalid';

/**
 * The page to reopen after a login in `area`, or null. Only a same-origin relative path of that area is
 * accepted (`/home?x=1`); anything else — absolute or protocol-relative URLs, backslash tricks, control
 * characters, the other area's pages — is dropped so the parameter can never become an open redirect.
 */
export function safeReturnPath(raw: string | null | undefined, area: SessionArea): string | null {
  if (!raw || raw.length > 2000 || !raw.startsWith('/') || raw.startsWith('//')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  if (isAdminPath(url.pathname) !== (area === 'admin')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
