import type { PasswordHasher } from '../lib/password';
import { kyselyOnPool } from './kysely';
import type { Pool } from './pool';
import { seedDemo } from './seed';

export interface SeedOnStartOptions {
  /** The database is the embedded one under DATA_DIR (no DATABASE_URL): the one-machine default. */
  embedded: boolean;
  /** SEED_DEMO=1: seed the demo tenant against DATABASE_URL too. */
  seedDemo: boolean;
}

/**
 * The demo tenant has well-known passwords, so it is only seeded where that is expected: on the embedded
 * default, or when asked for. A real database (DATABASE_URL) is never given one by surprise; its tenants are
 * provisioned with `npm run tenant -- create`. Returns whether the demo tenant (and its logins) is available.
 */
export async function seedOnStart(
  ownerPool: Pool,
  hasher: PasswordHasher,
  opts: SeedOnStartOptions,
  log: (m: string) => void,
): Promise<boolean> {
  if (opts.embedded || opts.seedDemo) {
    if (await seedDemo(ownerPool, hasher)) log('Seeded the demo tenant.');
    return true;
  }
  const db = kyselyOnPool(ownerPool);
  const any = await db.selectFrom('tenants').select('id').limit(1).executeTakeFirst();
  if (!any) log('No tenant yet: create one with  npm run tenant -- create <slug> --name "…" --admin-email …');
  return false;
}
