import { tenantFromHost } from '@psb/contracts/core';

declare global {
  interface Window {
    /** Optional override of the api location, e.g. `https://api.{host}/api/v1`. */
    __PSB_API_PATTERN__?: string;
  }
}

export const DEFAULT_API_PATH = '/api/v1';
export const API_PATTERN_META = 'psb-api-pattern';

type PageLocation = Pick<Location, 'host' | 'hostname' | 'protocol' | 'origin'>;

/**
 * Where the api lives. Same origin `/api/v1` unless a pattern is configured, first by the global
 * `window.__PSB_API_PATTERN__`, then by `<meta name="psb-api-pattern" content="...">` in index.html.
 * Placeholders: {protocol} (`https:`), {host} (with port), {hostname}, {tenant}.
 */
export function resolveApiBase(
  location: PageLocation | undefined = globalThis.location,
  doc: Document | undefined = globalThis.document,
): string {
  const pattern =
    (typeof window !== 'undefined' ? window.__PSB_API_PATTERN__ : undefined) ||
    doc?.querySelector<HTMLMetaElement>(`meta[name="${API_PATTERN_META}"]`)?.content ||
    DEFAULT_API_PATH;
  if (!location?.origin) return pattern;
  const filled = pattern
    .replaceAll('{protocol}', location.protocol)
    .replaceAll('{host}', location.host)
    .replaceAll('{hostname}', location.hostname)
    .replaceAll('{tenant}', tenantFromHost(location.host));
  return new URL(filled, location.origin).toString().replace(/\/+$/, '');
}

/** The tenant of this page (first host label, or the default test tenant). */
export function currentTenant(location: Pick<Location, 'host'> | undefined = globalThis.location): string {
  return tenantFromHost(location?.host);
}
