import type { TenantConn } from '../db/tenant-db';
import { type CompiledResource, joinsFor } from './compile';

/** Parameters of a query under construction: `$1` is always the tenant id. */
export class Params {
  readonly values: unknown[];
  constructor(tenantId: number) {
    this.values = [tenantId];
  }
  add(value: unknown, cast?: string): string {
    this.values.push(value);
    return cast ? `$${this.values.length}::${cast}` : `$${this.values.length}`;
  }
}

export type Archived = 'live' | 'only' | 'all';

export interface ListQuery {
  search?: string | undefined;
  filter?: string | undefined;
  sort_column?: string | undefined;
  sort_value?: 'asc' | 'desc' | undefined;
  page: number;
  page_size: number;
  show_deleted?: string | undefined;
  deleted_at?: string | undefined;
  [key: string]: unknown;
}

const TRUE = new Set(['1', 'true', 'yes', 'ya']);

export function archivedOf(q: Pick<ListQuery, 'show_deleted' | 'deleted_at'>): Archived {
  const d = (q.deleted_at ?? '').toLowerCase();
  if (d === 'all') return 'all';
  if (['only', 'not_null', 'notnull', 'true', '1'].includes(d)) return 'only';
  if (TRUE.has((q.show_deleted ?? '').toLowerCase())) return 'only';
  return 'live';
}

/** `%`, `_` and `\` in a search term match themselves. */
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

export interface Where {
  sql: string;
  joins: Set<string>;
}

/** WHERE clause (and the joins it needs) for list, count and export. */
export function whereOf(c: CompiledResource, q: ListQuery, p: Params): Where {
  const parts = ['t.tenant_id = $1'];
  if (c.rowScope) parts.push(c.rowScope);
  const joins = new Set<string>();
  const archived = archivedOf(q);
  if (archived === 'live') parts.push('t.deleted_at IS NULL');
  else if (archived === 'only') parts.push('t.deleted_at IS NOT NULL');
  for (const f of c.filters.values()) {
    const raw = q[f.key];
    if (raw === undefined || raw === null || raw === '') continue;
    const value = String(raw);
    for (const j of f.joins) joins.add(j);
    if (f.decl.match === 'contains') parts.push(`${f.expr} ILIKE ${p.add(likePattern(value), 'text')}`);
    else if (f.type === 'bool') parts.push(`${f.expr} = ${p.add(TRUE.has(value.toLowerCase()), 'boolean')}`);
    else if (f.type === 'int') parts.push(`${f.expr} = ${p.add(Number(value), 'int')}`);
    else parts.push(`${f.expr} = ${p.add(value, 'text')}`);
  }
  const term = (q.search ?? q.filter ?? '').trim();
  if (term && c.search.length > 0) {
    const pattern = p.add(likePattern(term), 'text');
    for (const s of c.search) for (const j of s.joins) joins.add(j);
    parts.push(`(${c.search.map((s) => `${s.expr} ILIKE ${pattern}`).join(' OR ')})`);
  }
  return { sql: parts.join(' AND '), joins };
}

export function orderOf(c: CompiledResource, q: Pick<ListQuery, 'sort_column' | 'sort_value'>) {
  const col = c.sortable.get(q.sort_column ?? '') ?? c.sortable.get(c.decl.defaultSort.column)!;
  const dir =
    (q.sort_value ?? (q.sort_column ? 'asc' : c.decl.defaultSort.direction)) === 'desc' ? 'DESC' : 'ASC';
  return { sql: `${col.expr} ${dir}, t.id ${dir}`, joins: col.joins };
}

/**
 * The list SQL: `withCount` gives the page (JSON array, in order) and the total of matching rows in one
 * round-trip; `pageOnly` the page alone, for when the total is known (see CountCache). Both use the same
 * parameters, which all decide the total (`countKey`).
 */
function sqlInt(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a row count: ${n}`);
  return String(n);
}

export function listSql(c: CompiledResource, q: ListQuery, p: Params) {
  const where = whereOf(c, q, p);
  const order = orderOf(c, q);
  // The page is chosen on the ids first (only the joins the filters and the sort need); the record JSON with
  // all its joins is then built for those rows only, not for the skipped OFFSET rows.
  const pickJoins = joinsFor(c, [...where.joins, ...order.joins]);
  const countJoins = joinsFor(c, where.joins);
  const countSql = `SELECT count(*) FROM ${c.table} t ${countJoins} WHERE ${where.sql}`;
  const countKey = `${countSql}|${JSON.stringify(p.values)}`;
  // LIMIT and OFFSET are written into the SQL (validated integers, never text from the request): with them
  // known, PostgreSQL's cached generic plan of the prepared statement is as good as a custom one, so it stops
  // re-planning the query on every call — planning cost more than running it.
  const limit = sqlInt(q.page_size);
  const offset = sqlInt((q.page - 1) * q.page_size);
  const page = `COALESCE((SELECT json_agg(${c.recordJson} ORDER BY x.n) FROM (
      SELECT t.id, row_number() OVER (ORDER BY ${order.sql}) AS n
      FROM ${c.table} t ${pickJoins} WHERE ${where.sql}
      ORDER BY ${order.sql} LIMIT ${limit} OFFSET ${offset}) x
    JOIN ${c.table} t ON t.tenant_id = $1 AND t.id = x.id ${joinsFor(c, c.recordJoins)}), '[]')::text AS data`;
  return {
    withCount: `SELECT (${countSql})::int AS total, ${page}`,
    pageOnly: `SELECT ${page}`,
    countKey,
  };
}

/**
 * Totals of recent list queries, per process, for `ttlMs`; keyed by tenant and school scope too, since
 * row-level security makes the same SQL count differently for them. Paging through a list repeats the same count on
 * every page — the most expensive part of a list request — so it is reused briefly. Any write through the
 * engine (or a role-school change) in this process clears it, so a user never sees a stale total after their
 * own change; changes made through another instance show within the TTL.
 */
export class CountCache<T = number> {
  private entries = new Map<string, { value: T; expires: number }>();
  constructor(private readonly ttlMs: number) {}
  get(key: string): T | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }
  set(key: string, value: T) {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= 10_000) this.entries.clear();
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
  }
  clear() {
    this.entries.clear();
  }
}

/** The process-wide count cache of the engine (2 s). */
export const countCache = new CountCache(2000);

/**
 * Records (the record JSON of the declaration) matching a list query — its filters, search, archived flag and
 * sort — at most `limit`: for outputs other than the paged list (printouts). Row-level security applies as to
 * every query of the request.
 */
export async function matchingRecords<T>(
  conn: TenantConn,
  c: CompiledResource,
  q: ListQuery,
  limit: number,
): Promise<T[]> {
  const p = new Params(conn.tenantId);
  const where = whereOf(c, q, p);
  const order = orderOf(c, q);
  const joins = joinsFor(c, [...where.joins, ...order.joins, ...c.recordJoins]);
  const { rows } = await conn.client.query<{ j: T }>(
    `SELECT ${c.recordJson} AS j FROM ${c.table} t ${joins} WHERE ${where.sql}
     ORDER BY ${order.sql} LIMIT ${sqlInt(limit)}`,
    p.values,
  );
  return rows.map((r) => r.j);
}
