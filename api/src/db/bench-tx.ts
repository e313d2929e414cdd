import { type Db, kyselyOnClient } from './kysely';
import type { Pool, PoolClient } from './pool';
import { tenantIdBySlug } from './seed-queries';

/**
 * Bulk bench rows of one tenant in one transaction on the owner pool, with the tenant bound for its row-level
 * security (a non-superuser owner is subject to it too). Rolled back when `fn` throws.
 */
export async function benchTenantTx<T>(
  ownerPool: Pool,
  slug: string,
  fn: (tx: { client: PoolClient; db: Db; tenantId: number }) => Promise<T>,
): Promise<T> {
  const client = await ownerPool.connect();
  try {
    await client.query('BEGIN');
    const db = kyselyOnClient(client);
    const tenantId = await tenantIdBySlug(db, slug);
    if (tenantId === undefined) throw new Error(`Unknown tenant ${slug}`);
    await client.query("SELECT set_config('app.tenant_id', $1, true)", [String(tenantId)]);
    const result = await fn({ client, db, tenantId });
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
