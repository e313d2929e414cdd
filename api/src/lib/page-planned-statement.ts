import crypto from 'node:crypto';
import type { Compilable } from 'kysely';
import type { PoolClient } from '../db/pool';
import type { TenantConn } from '../db/tenant-db';

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

const execute = (client: PoolClient, name: string, parameters: readonly unknown[]) =>
  `EXECUTE ${name}${parameters.length ? `(${parameters.map((v) => literal(client, v)).join(', ')})` : ''}`;

type Results = { rows: unknown[] }[];

/**
 * Runs a typed read in a read-only transaction planned for a page — bitmap scans and parallel workers off (see
 * why in the list's repository) — in ONE round-trip: BEGIN, the settings, the read and COMMIT go as one
 * multi-statement simple query. Such a query cannot carry protocol parameters, so the read is a statement
 * prepared with SQL PREPARE (once per connection and query text; planned like any prepared statement, under
 * the settings in force when it runs) and run with EXECUTE, its values written as escaped literals.
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
  const { client } = c;
  const q = query.compile();
  const check = c.pendingCheck;
  c.pendingCheck = null;
  const ride = check?.statement(c.db);
  const statements = ride
    ? [execute(client, await preparedName(client, 'signed_in', ride.sql), ride.parameters)]
    : [];
  statements.push(execute(client, await preparedName(client, prefix, q.sql), q.parameters));
  let results: Results;
  try {
    results = (await client.query(
      `BEGIN READ ONLY; SET LOCAL enable_bitmapscan = off; SET LOCAL max_parallel_workers_per_gather = 0; ${statements.join('; ')}; COMMIT`,
    )) as unknown as Results;
  } catch (err) {
    // A failure inside the multi-statement query leaves its transaction open and aborted.
    await client.query('ROLLBACK').catch(() => {});
    // The caller's check answers first: a refused caller learns nothing from the read's failure.
    if (check) await check.settle(c, ((await client.query(statements[0]!)) as unknown as Results[0]).rows);
    throw err;
  }
  if (check) await check.settle(c, results[3]!.rows);
  return results[2 + statements.length]!.rows as R[];
}
