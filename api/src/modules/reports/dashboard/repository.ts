import type { DashboardQuery } from '@psb/contracts';
import type { TenantConn } from '../../../db/tenant-db';
import { type CompiledResource, joinsFor, Params, whereOf } from '../../../engine';

/** The dashboard's filters a resource's list also declares: only those narrow its count. */
export const followedFilters = (c: CompiledResource, q: DashboardQuery) =>
  Object.fromEntries(
    Object.entries(q).filter(([key, value]) => value !== undefined && c.filters.has(key)),
  ) as Record<string, number>;

/**
 * Live records of each resource, in one statement, under the dashboard's school year / period / school where
 * the resource's own list filters by them (the same WHERE as that list); row-level security keeps a
 * school-limited role to its schools. Index in `resources` → count.
 */
export async function countVisible(c: TenantConn, resources: CompiledResource[], q: DashboardQuery) {
  if (resources.length === 0) return new Map<number, number>();
  const p = new Params(c.tenantId);
  const parts = resources.map((r, i) => {
    const where = whereOf(r, { page: 1, page_size: 1, ...followedFilters(r, q) }, p);
    return `SELECT ${i}::int AS i, count(*)::int AS n FROM ${r.table} t ${joinsFor(r, where.joins)} WHERE ${where.sql}`;
  });
  const { rows } = await c.client.query<{ i: number; n: number }>(parts.join(' UNION ALL '), p.values);
  return new Map(rows.map((r) => [r.i, r.n]));
}
