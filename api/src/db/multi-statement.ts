import type { QueryResult } from 'pg';
import type { PoolClient } from './pool';

/**
 * Runs several statements joined by `;` as one simple query (one round trip). pg answers such a query with one
 * result per statement, though its types promise a single result; a lone statement still gets a single one.
 * Results come back in statement order.
 */
export async function queryStatements(
  client: PoolClient,
  statements: readonly string[],
): Promise<QueryResult[]> {
  const answer: QueryResult | QueryResult[] = await client.query(statements.join('; '));
  return Array.isArray(answer) ? answer : [answer];
}
