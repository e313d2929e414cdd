import type { TenantConn } from '../db/tenant-db';
import type { TenantUnits } from '../service-context';
import { listVersion, type VersionedList } from './list-version';
import { VersionedCache } from './versioned-cache';

/**
 * Answers of one kind kept per tenant and per the database's version of `list`: the version is read first on
 * the request's connection (one index lookup), and the answer is computed only when it changed. Errors are
 * never kept. The key must name everything the answer depends on besides the data the version watches.
 */
export function keptPerVersion<T>(list: VersionedList, limits: { entries: number; size: number }) {
  const cache = new VersionedCache<T>(limits);
  return (req: Pick<TenantUnits, 'db'>, key: string, compute: (c: TenantConn) => Promise<T>) =>
    req.db(async (c) => cache.get(`${c.tenantId}:${key}`, await listVersion(c, list), () => compute(c)));
}
