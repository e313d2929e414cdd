import crypto from 'node:crypto';
import type { Compilable } from 'kysely';
import type { PoolClient } from '../db/pool';
import { mayPrepare, runBound, sessionClient, type TenantConn } from '../db/tenant-db';

/** Statements prepared with SQL PREPARE on each pooled connection (pg's own named statements are apart). */
export const PREPARED_PER_CONNECTION = 64;
const prepared = new WeakMap<PoolClient, Set<string>>();

function literal(client: PoolClient, v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'string') return client.escapeLiteral(v);
  if ((typeof v === 'number' && Number.isFinite(v)) || typeof v === 'boolean') return `'${String(v)}'`;
  throw new Error(`not a parameter this statement can bind as a literal: ${typeof v}`);
}

/** Statement names by text, per prefix: a text asked again is usually the very same string, hashed once. */
const namesByText = new Map<string, Map<string, string>>();
const nameOf = (prefix: string, sql: string) => {
  const names = namesByText.get(prefix) ?? new Map<string, string>();
  namesByText.set(prefix, names);
  let name = names.get(sql);
  if (!name) {
    name = `${prefix}_${crypto.createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
    if (names.size >= 1000) names.clear();
    names.set(sql, name);
  }
  return name;
};

/** The name under which `sql` is prepared on this connection, preparing it first when it is not yet. */
async function preparedName(client: PoolClient, prefix: string, sql: string): Promise<string> {
  const name = nameOf(prefix, sql);
  const names = prepared.get(client) ?? new Set<string>();
  prepared.set(client, names);
  if (!names.has(name)) {
    // The page and its size are part of the text (so the cached plan fits them): a connection would collect a
    // statement per page visited. The oldest go once a connection holds PREPARED_PER_CONNECTION of them.
    if (names.size >= PREPARED_PER_CONNECTION) {
      const oldest = names.values().next().value!;
      await client.query(`DEALLOCATE ${oldest}`);
      names.delete(oldest);
    }
    await client.query(`PREPARE ${name} AS ${sql}`);
    names.add(name);
  } else {
    // Most recently used last, so the ones dropped above are the least recently used.
    names.delete(name);
    names.add(name);
  }
  return name;
}

type Results = { rows: unknown[] }[];

const literals = (client: PoolClient, parameters: readonly unknown[]) =>
  parameters.map((v) => literal(client, v));

const execute = (client: PoolClient, name: string, parameters: readonly unknown[]) =>
  `EXECUTE ${name}${parameters.length ? `(${literals(client, parameters).join(', ')})` : ''}`;

/** The statement with its values written in as literals (Kysely numbers them $1…$n, highest replaced first). */
const inlined = (client: PoolClient, sql: string, parameters: readonly unknown[]) => {
  const values = literals(client, parameters);
  return sql.replace(/\$(\d+)\b/g, (_, n: string) => values[Number(n) - 1] ?? `$${n}`);
};

/**
 * The statement as this connection runs it: EXECUTE of a statement SQL-PREPARE'd on it, or — where no
 * statement may outlive its transaction (behind a transaction pooler) — the statement itself with its values.
 */
async function runnable(c: TenantConn, prefix: string, sql: string, parameters: readonly unknown[]) {
  if (!mayPrepare(c)) return inlined(c.client, sql, parameters);
  // PREPARE reads nothing, so it runs outside the unit's transaction (which opens with the read itself).
  return execute(c.client, await preparedName(sessionClient(c), prefix, sql), parameters);
}

/**
 * Runs a typed read in a read-only transaction planned for a page — bitmap scans and parallel workers off (see
 * why in the list's repository) — in ONE round-trip: BEGIN, the tenant binding, the settings, the read and
 * COMMIT go as one multi-statement simple query (runBound). Such a query cannot carry protocol parameters, so
 * the read is a statement prepared with SQL PREPARE (once per connection and query text; planned like any
 * prepared statement, under the settings in force when it runs) and run with EXECUTE, its values written as
 * escaped literals — or, behind a transaction pooler, the statement itself with those literals.
 *
 * A sign-in check waiting on the connection (TenantConn.pendingCheck) travels in the same round-trip, ahead
 * of the read, and is settled before the read's rows are returned: when it refuses, they never are.
 * Returns the read's rows.
 */
export async function executePagePlanned<R>(
  c: TenantConn,
  prefix: string,
  query: Compilable<R>,
): Promise<R[]> {
  const q = query.compile();
  const check = c.pendingCheck;
  c.pendingCheck = null;
  const ride = check?.statement(c.db);
  const statements = ride ? [await runnable(c, 'signed_in', ride.sql, ride.parameters)] : [];
  statements.push(await runnable(c, prefix, q.sql, q.parameters));
  let results: Results;
  try {
    results = await runBound(c, [
      'SET LOCAL enable_bitmapscan = off',
      'SET LOCAL max_parallel_workers_per_gather = 0',
      ...statements,
    ]);
  } catch (err) {
    // The caller's check answers first: a refused caller learns nothing from the read's failure.
    if (check) await check.settle(c, (await c.client.query(statements[0]!)).rows);
    throw err;
  }
  if (check) await check.settle(c, results[2]!.rows);
  return results[1 + statements.length]!.rows as R[];
}
