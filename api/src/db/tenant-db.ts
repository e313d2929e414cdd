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
}

/**
 * The tenant a pooled connection is currently bound to, so we skip re-setting it (one round-trip saved).
 * Consequence: a connection taken from the pool WITHOUT withTenant may still carry the previous request's
 * tenant. Raw `pool.query` is therefore only for global tables (tenants, modules, rate_limits); anything
 * tenant-owned goes through withTenant / req.db.
 */
const boundTenant = new WeakMap<PoolClient, number>();

function conn(client: PoolClient, tenantId: number): TenantConn {
  let db: Db | undefined;
  return {
    client,
    tenantId,
    get db() {
      db ??= kyselyOnClient(client);
      return db;
    },
  };
}

async function bind(client: PoolClient, tenantId: number): Promise<void> {
  if (boundTenant.get(client) === tenantId) return;
  boundTenant.delete(client);
  // Session-level (not transaction-local) so it survives on the pooled connection; it is always set before
  // any query of a request, and row-level security turns the value into a filter on every tenant table.
  await client.query("SELECT set_config('app.tenant_id', $1, false)", [String(tenantId)]);
  boundTenant.set(client, tenantId);
}

/** Runs `fn` on a pooled connection bound to `tenantId` (row-level security sees only that tenant). */
export async function withTenant<T>(
  pool: Pool,
  tenantId: number,
  fn: (c: TenantConn) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await bind(client, tenantId);
    return await fn(conn(client, tenantId));
  } finally {
    // pg's pool discards a client whose connection broke; a failed query leaves it reusable.
    client.release();
  }
}

/** Same as withTenant, inside one transaction (rolled back when `fn` throws). */
export function withTenantTx<T>(pool: Pool, tenantId: number, fn: (c: TenantConn) => Promise<T>): Promise<T> {
  return withTenant(pool, tenantId, async (c) => {
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
  });
}
