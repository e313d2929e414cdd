import crypto from 'node:crypto';
import type { Compilable } from 'kysely';
import type { Db } from '../db/kysely';
import type { TenantConn } from '../db/tenant-db';

/**
 * Runs a typed query as a named prepared statement on the tenant-bound client, so each pooled connection plans
 * it once — for the hottest public reads. The query's text must not vary between calls under one name.
 */
export async function executeNamed<R>(c: TenantConn, name: string, query: Compilable<R>): Promise<R[]> {
  const q = query.compile();
  const { rows } = await c.client.query({ name, text: q.sql, values: q.parameters as unknown[] });
  return rows as R[];
}

/**
 * Like executeNamed, for a query whose text depends on which filters are set: named by a hash of its text, so
 * each filter combination is planned once per connection and re-run as a prepared statement after that.
 */
export function executeByShape<R>(c: TenantConn, prefix: string, query: Compilable<R>): Promise<R[]> {
  const q = query.compile();
  const name = `${prefix}_${crypto.createHash('sha1').update(q.sql).digest('base64url').slice(0, 16)}`;
  return c.client
    .query({ name, text: q.sql, values: q.parameters as unknown[] })
    .then(({ rows }) => rows as R[]);
}

const MARK = '\u0000';

/** A query's SQL text and the order in which its input's fields fill the parameters. */
export interface CompiledOnce<P> {
  sql: string;
  order: (keyof P)[];
}

/**
 * Builds and compiles a typed query ONCE, with markers instead of values, so later calls only fill in the
 * parameters. Every parameter of the query must be one of `p`'s fields, used as is (a constant or a value
 * derived from `p` is refused on first use).
 */
export function compiledOnce<P extends Record<string, unknown>, R>(
  name: string,
  build: (db: Db, p: P) => Compilable<R>,
): (db: Db) => CompiledOnce<P> {
  let compiled: CompiledOnce<P> | undefined;
  return (db) => {
    if (compiled) return compiled;
    const marks = new Proxy({}, { get: (_t, key) => `${MARK}${String(key)}` }) as P;
    const q = build(db, marks).compile();
    const order = q.parameters.map((v) => {
      if (typeof v !== 'string' || !v.startsWith(MARK))
        throw new Error(`Statement ${name}: parameter ${String(v)} is not a field of its input.`);
      return v.slice(MARK.length) as keyof P;
    });
    compiled = { sql: q.sql, order };
    return compiled;
  };
}

/**
 * A typed query built and compiled once (see compiledOnce), then run as a named prepared statement with each
 * call's values — for queries on every request, where building and compiling with Kysely would cost more than
 * the round-trip's planning saves.
 */
export function namedStatement<P extends Record<string, unknown>, R>(
  name: string,
  build: (db: Db, p: P) => Compilable<R>,
): (c: TenantConn, p: P) => Promise<R[]> {
  const compile = compiledOnce(name, build);
  return async (c, p) => {
    const { sql, order } = compile(c.db);
    const { rows } = await c.client.query({ name, text: sql, values: order.map((k) => p[k]) });
    return rows as R[];
  };
}
