/** Name of the default test tenant used for unknown hosts, localhost and bare IP addresses. */
export const DEFAULT_TENANT = 'demo';

const TENANT_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * The tenant is the first label of the page host (`smakristen.psb.example.id` → `smakristen`).
 * localhost, IP addresses, single-label hosts and labels that are not valid slugs fall back to the default.
 */
export function tenantFromHost(host: string | null | undefined, fallback = DEFAULT_TENANT): string {
  if (!host) return fallback;
  const hostname = host
    .trim()
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '');
  if (!hostname || hostname === 'localhost' || /^[\d.]+$/.test(hostname) || hostname.includes(':'))
    return fallback;
  const labels = hostname.split('.');
  if (labels.length < 2) return fallback;
  const first = labels[0] ?? '';
  if (first === 'www' || first === 'api' || !TENANT_LABEL.test(first)) return fallback;
  return first;
}

/** Tenant names a tool may pass in X-Tenant: the same slug rule as a host label. */
export function isTenantSlug(value: string): boolean {
  return TENANT_LABEL.test(value);
}
