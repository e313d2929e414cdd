import { type Db, kyselyOnClient } from './kysely';
import { queryStatements } from './multi-statement';
import { type Pool, type PoolClient, preparesStatements } from './pool';

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
 * The binding of one unit of work: transaction-local settings, formatted from checked integers into literal
 * `SET LOCAL` statements (Citus passes only those on to its shards, never set_config() calls). They die with
 * the transaction, so a connection leaves every request carrying nothing — behind PgBouncer in transaction
 * mode the next transaction of this client may run on another server connection anyway.
 */
export function bindingStatements(tenantId: number, schools: SchoolScope): string {
  const ids = [tenantId, ...(schools ?? [])];
  if (!ids.every((id) => Number.isSafeInteger(id) && id > 0))
    throw new Error('tenant or school id is not an id');
  return `SET LOCAL app.tenant_id = '${tenantId}'; SET LOCAL app.school_ids = '${(schools ?? []).join(',')}'`;
}

/** Per pooled connection, while a unit of work holds it: its binding and whether its transaction is open. */
interface Unit {
  binding: string;
  open: boolean;
  /** Named prepared statements allowed (not behind a transaction pooler without their support). */
  prepared: boolean;
}
const units = new WeakMap<PoolClient, Unit>();
const bareClient = new WeakMap<PoolClient, PoolClient>();
const unitClients = new WeakMap<PoolClient, PoolClient>();

const TX_END = /^\s*(COMMIT|ROLLBACK|END)\s*;?\s*$/i;
const TX_BEGIN = /^\s*BEGIN( READ ONLY| READ WRITE)?\s*;?\s*$/i;

/**
 * The client a unit of work hands out: its first statement opens the transaction with the binding (a plain
 * BEGIN of the caller's carries the binding in its own round trip), and COMMIT/ROLLBACK close it, so a later
 * statement opens another one bound the same way. Without named statements allowed, pg's statement names are
 * dropped (the server parses each time) — the queue keeps every statement in order, so nothing waits here.
 */
function unitClient(client: PoolClient): PoolClient {
  let wrapped = unitClients.get(client);
  if (wrapped) return wrapped;
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  wrapped = new Proxy(client, {
    get(target, key, receiver) {
      if (key !== 'query') return Reflect.get(target, key, receiver);
      return (...args: unknown[]) => {
        const unit = units.get(client);
        if (!unit) return query(...args);
        const [first] = args;
        const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
        if (!unit.prepared && first && typeof first === 'object' && 'name' in first && !('submit' in first))
          args[0] = { ...(first as object), name: undefined };
        if (!unit.open) {
          unit.open = true;
          if (typeof first === 'string' && args.length === 1 && TX_BEGIN.test(first))
            return query(`${first.replace(/;\s*$/, '')}; ${unit.binding}`);
          void (query(`BEGIN; ${unit.binding}`) as Promise<unknown>).catch(() => undefined);
        } else if (typeof text === 'string' && TX_END.test(text)) unit.open = false;
        return query(...args);
      };
    },
  });
  unitClients.set(client, wrapped);
  bareClient.set(wrapped, client);
  return wrapped;
}

/** Whether the unit of work on `c` has its transaction open (its binding in force on the server). */
export const inOpenUnit = (c: TenantConn) => units.get(bareClient.get(c.client) ?? c.client)?.open === true;

/** The connection of `c` without the unit's binding, for statements that read nothing (PREPARE, DEALLOCATE). */
export const sessionClient = (c: TenantConn): PoolClient => bareClient.get(c.client) ?? c.client;

/** Whether named prepared statements may be used on `c` (see createPool's `preparedStatements`). */
export const mayPrepare = (c: TenantConn) =>
  units.get(bareClient.get(c.client) ?? c.client)?.prepared !== false;

/**
 * One round trip for a unit of work's whole read: `statements` run in a read-only transaction opened and
 * committed around them WITH the binding, as one multi-statement simple query — or, when the unit's
 * transaction is open already, inside it. Returns the results of `statements` alone. On failure the
 * transaction is rolled back and the unit is ready for another statement.
 */
export async function runBound(c: TenantConn, statements: string[]): Promise<{ rows: unknown[] }[]> {
  const client = bareClient.get(c.client) ?? c.client;
  const unit = units.get(client);
  if (!unit) throw new Error('runBound outside a unit of work');
  if (unit.open) return queryStatements(client, statements);
  const head = ['BEGIN READ ONLY', ...unit.binding.split('; ')];
  try {
    const r = await queryStatements(client, [...head, ...statements, 'COMMIT']);
    return r.slice(head.length, head.length + statements.length);
  } catch (err) {
    // A failure inside the multi-statement query leaves its transaction open and aborted.
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  }
}

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

/**
 * Runs `fn` as one unit of work bound to `tenantId` and the school scope (row-level security sees only that
 * tenant, and only those schools when a scope is given). Every statement runs inside a transaction that
 * carries the binding: it opens with `fn`'s first statement and is committed when `fn` ends — also when
 * `fn` throws, as statements outside withTenantTx were committed one by one (an aborted one just ends).
 */
export async function withTenant<T>(
  pool: Pool,
  tenantId: number,
  fn: (c: TenantConn) => Promise<T>,
  schools: SchoolScope,
  pendingCheck: PendingCheck | null = null,
): Promise<T> {
  const binding = bindingStatements(tenantId, schools);
  const client = await pool.connect();
  const unit: Unit = { binding, open: false, prepared: preparesStatements(pool) };
  units.set(client, unit);
  let broken: Error | undefined;
  const end = async () => {
    if (!unit.open) return;
    unit.open = false;
    await client.query('COMMIT').catch((err: Error) => {
      broken = err;
    });
  };
  try {
    const c = conn(unitClient(client), tenantId, pendingCheck);
    let result: T;
    try {
      result = await fn(c);
    } finally {
      await end();
    }
    // Reached only when `fn` succeeded: in a transaction, after its COMMIT (a rollback throws past this).
    await c.runAfterCommit();
    await end();
    return result;
  } finally {
    units.delete(client);
    // A connection whose unit could not be ended is discarded: it must not carry an open transaction on.
    client.release(broken);
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
          // The binding travels with BEGIN (one round trip), and dies with the transaction.
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
