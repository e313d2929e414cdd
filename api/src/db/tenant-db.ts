import { type Db, kyselyOnClient } from './kysely';
import type { Pool, PoolClient } from './pool';

export type { Db };

/**
 * What a tenant-bound callback receives: `db`, the typed query builder (row types generated from the
 * migrations), and the raw client for the resource engine's compiled SQL.
 */
export interface TenantConn {
  client: PoolClient;
  /** Kysely over the same client (one per pooled connection, see kysely.ts). */
  readonly db: Db;
  tenantId: number;
  /**
   * Runs `fn` on this connection once the work is committed (after COMMIT in a transaction), before the
   * connection goes back to the pool; a failure there is ignored. For announcements (NOTIFY) that must not
   * hold PostgreSQL's notify lock across the commit's disk flush, which would serialise every commit.
   */
  afterCommit(key: string, fn: () => Promise<unknown>): void;
  /**
   * The caller's sign-in check, while the request has taken the caller on the word of its last passed check
   * (see the auth plugin): the next read planned for a page sends it in the read's own round trip and settles
   * it before the read's rows are used. Cleared once taken.
   */
  pendingCheck: PendingCheck | null;
}

/** A sign-in check waiting to travel with a read (see TenantConn.pendingCheck). */
export interface PendingCheck {
  /** The check's statement and its values. */
  statement(db: Db): { sql: string; parameters: readonly unknown[] };
  /**
   * Judges the statement's rows: throws the refusal (401, 403, …) when the caller may no longer read, and
   * ScopeChanged when the caller's schools are no longer those the read ran under.
   */
  settle(c: TenantConn, rows: unknown[]): Promise<void>;
}

/** The caller's schools changed since its last check: a read made under the old ones must be made again. */
export class ScopeChanged extends Error {
  constructor() {
    super('school scope changed since the last sign-in check');
  }
}

/**
 * A staff role's schools (the `school_scope` policies of 0006_school_scope.sql filter by them), or null for
 * every school. Sorted, so equal scopes bind the same way.
 */
export type SchoolScope = readonly number[] | null;

/**
 * The scope of work done for no particular staff member (background jobs, seeding, parents' and public
 * requests). The scope is a required argument everywhere, so choosing every school is always written down.
 */
export const EVERY_SCHOOL: SchoolScope = null;

/**
 * What a pooled connection is currently bound to (tenant and school scope), so we skip re-setting it (one
 * round-trip saved). Consequence: a connection taken from the pool WITHOUT withTenant may still carry the
 * previous request's binding. Raw `pool.query` is therefore only for global tables (tenants, modules,
 * rate_limits); anything tenant-owned goes through withTenant / req.db.
 */
const bound = new WeakMap<PoolClient, string>();

type Hooked = TenantConn & { runAfterCommit(): Promise<void> };

function conn(client: PoolClient, tenantId: number, pendingCheck: PendingCheck | null): Hooked {
  let db: Db | undefined;
  // Keyed: the same announcement asked twice in one transaction goes out once.
  const hooks = new Map<string, () => Promise<unknown>>();
  return {
    client,
    tenantId,
    pendingCheck,
    afterCommit(key, fn) {
      hooks.set(key, fn);
    },
    async runAfterCommit() {
      for (const fn of hooks.values()) await fn().catch(() => undefined);
      hooks.clear();
    },
    get db() {
      db ??= kyselyOnClient(client);
      return db;
    },
  };
}

async function bind(client: PoolClient, tenantId: number, schools: SchoolScope): Promise<void> {
  const schoolIds = schools ? schools.join(',') : '';
  const key = `${tenantId}|${schoolIds}`;
  if (bound.get(client) === key) return;
  bound.delete(client);
  // Session-level (not transaction-local) so it survives on the pooled connection; both are always set before
  // any query of a request, and row-level security turns them into a filter on every tenant table.
  await client.query({
    name: 'bind',
    text: "SELECT set_config('app.tenant_id', $1, false), set_config('app.school_ids', $2, false)",
    values: [String(tenantId), schoolIds],
  });
  bound.set(client, key);
}

/**
 * Runs `fn` on a pooled connection bound to `tenantId` and the school scope (row-level security sees only
 * that tenant, and only those schools when a scope is given).
 */
export async function withTenant<T>(
  pool: Pool,
  tenantId: number,
  fn: (c: TenantConn) => Promise<T>,
  schools: SchoolScope,
  pendingCheck: PendingCheck | null = null,
): Promise<T> {
  const client = await pool.connect();
  try {
    await bind(client, tenantId, schools);
    const c = conn(client, tenantId, pendingCheck);
    const result = await fn(c);
    // Reached only when `fn` succeeded: in a transaction, after its COMMIT (a rollback throws past this).
    await c.runAfterCommit();
    return result;
  } finally {
    // pg's pool discards a client whose connection broke; a failed query leaves it reusable.
    client.release();
  }
}

/** PostgreSQL's answers that mean "this transaction lost a race; run it again": deadlock, serialization. */
const LOST_RACE = new Set(['40P01', '40001']);
/** Attempts of a transaction that keeps losing races before its error is given to the caller. */
const TX_ATTEMPTS = 4;

/**
 * Same as withTenant, inside one transaction (rolled back when `fn` throws). A transaction that PostgreSQL
 * chose as a deadlock's victim (or failed to serialize) is run again from the start on a fresh connection,
 * after a short random pause: the summaries kept by triggers (counts, reports, list versions) are written by
 * concurrent transactions in orders no single handler controls, and a lost race must not cost a parent their
 * registration. So `fn` may run more than once: its only effects are through `c` (rolled back with the attempt)
 * and afterCommit announcements (made once, by the attempt that commits).
 */
export async function withTenantTx<T>(
  pool: Pool,
  tenantId: number,
  fn: (c: TenantConn) => Promise<T>,
  schools: SchoolScope,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await withTenant(
        pool,
        tenantId,
        async (c) => {
          // The tenant is bound before BEGIN, so a rollback cannot undo it and leave the cache wrong.
          await c.client.query('BEGIN');
          try {
            const result = await fn(c);
            await c.client.query('COMMIT');
            return result;
          } catch (err) {
            await c.client.query('ROLLBACK').catch(() => {});
            throw err;
          }
        },
        schools,
      );
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (attempt >= TX_ATTEMPTS || typeof code !== 'string' || !LOST_RACE.has(code)) throw err;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}
