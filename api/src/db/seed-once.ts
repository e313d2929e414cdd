import { type DB, type Db, kyselyOnClient } from './kysely';
import type { Pool } from './pool';
import { tenantIdBySlug } from './seed-queries';

export interface SeedStep {
  db: Db;
  tenantId: number;
  /** A statement whose `$1` is the tenant; `values` are `$2…`. */
  q: (sql: string, values: unknown[]) => Promise<unknown>;
}

/**
 * Runs one part of the demo seed in a transaction bound to the demo tenant, only while `marker` (a table the
 * part fills) has no row of it, so every start may call it. Answers whether it seeded.
 */
export async function seedDemoOnce(
  ownerPool: Pool,
  marker: keyof DB & string,
  seed: (step: SeedStep) => Promise<void>,
): Promise<boolean> {
  const client = await ownerPool.connect();
  try {
    await client.query('BEGIN');
    const db = kyselyOnClient(client);
    const tenantId = await tenantIdBySlug(db, 'demo');
    if (tenantId === undefined) {
      await client.query('ROLLBACK');
      return false;
    }
    await client.query("SELECT set_config('app.tenant_id', $1, true)", [String(tenantId)]);
    const { rows } = await client.query(`SELECT 1 FROM ${marker} WHERE tenant_id = $1 LIMIT 1`, [tenantId]);
    if (rows.length > 0) {
      await client.query('ROLLBACK');
      return false;
    }
    await seed({ db, tenantId, q: (sql, values) => client.query(sql, [tenantId, ...values]) });
    await client.query('COMMIT');
    return true;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
