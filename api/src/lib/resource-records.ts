import { sql } from 'kysely';
import type { TenantConn } from '../db/tenant-db';
import { type CompiledResource, joinsFor } from '../engine';

/**
 * Records of a declared resource as the engine serves them (the contract's shape, checked by its zod schema on
 * the way out), in id order — for hand-written routes that answer with the resource's records.
 */
export async function recordsByIds(c: TenantConn, r: CompiledResource, ids: number[]): Promise<unknown[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{ record: unknown }>`SELECT ${sql.raw(r.recordJson)} AS record
    FROM ${sql.table(r.table)} t ${sql.raw(joinsFor(r, r.recordJoins))}
    WHERE t.tenant_id = ${c.tenantId} AND t.id = ANY(${ids}::int[]) ORDER BY t.id`.execute(c.db);
  return rows.map((row) => row.record);
}
