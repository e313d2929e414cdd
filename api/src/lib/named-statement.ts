import type { Compilable } from 'kysely';
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
