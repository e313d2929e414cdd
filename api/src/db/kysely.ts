import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';
import type pg from 'pg';
import type { DB } from './generated/database';
import type { Pool } from './pool';

/** The typed query builder; every row type comes from `generated/database.ts` (see README, "Typed queries"). */
export type Db = Kysely<DB>;
export type { DB };

const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/** Runs compiled queries on a connection someone else owns (acquired, tenant-bound and released by withTenant). */
class BoundConnection implements DatabaseConnection {
  constructor(private readonly client: pg.ClientBase) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const r = await this.client.query(query.sql, query.parameters as unknown[]);
    return {
      rows: r.rows as R[],
      ...(WRITES.has(r.command) && r.rowCount !== null ? { numAffectedRows: BigInt(r.rowCount) } : {}),
    };
  }

  // biome-ignore lint/correctness/useYield: streaming is not offered on a bound connection.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported on a tenant-bound connection.');
  }
}

class BoundDriver implements Driver {
  private readonly connection: BoundConnection;
  constructor(client: pg.ClientBase) {
    this.connection = new BoundConnection(client);
  }
  async init() {}
  async acquireConnection() {
    return this.connection;
  }
  // One way to open a transaction: withTenantTx / req.tx, which also keeps the tenant binding consistent.
  async beginTransaction(): Promise<void> {
    throw new Error('Use withTenantTx / req.tx for a transaction, not db.transaction().');
  }
  async commitTransaction() {}
  async rollbackTransaction() {}
  async releaseConnection() {}
  async destroy() {}
}

/** One instance per connection: it holds no per-request state, and pooled connections live long. */
const perClient = new WeakMap<pg.ClientBase, Db>();

/**
 * Kysely over one connection someone else manages (tenant-bound by withTenant, or a seed's transaction).
 * Building one costs ~15 µs, so it is made once per pooled connection and reused by every request on it.
 */
export function kyselyOnClient(client: pg.ClientBase): Db {
  let db = perClient.get(client);
  if (!db) {
    db = new Kysely<DB>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new BoundDriver(client),
        createIntrospector: (k) => new PostgresIntrospector(k),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
    });
    perClient.set(client, db);
  }
  return db;
}

/**
 * Kysely over a whole pool, for global tables and the owner pool (migrations aside: seeds, bench data, tests).
 * Tenant-owned tables at runtime go through withTenant / req.db instead.
 */
export function kyselyOnPool(pool: Pool): Db {
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}
