import { sql } from 'kysely';
import type { Db } from '../../db/kysely';

/** The `login_failures` rows: one counter per account (or unknown identifier) and tenant. */

/** Seconds until `key` may try again, when it is blocked now. */
export async function blockedFor(db: Db, tenantId: number, key: string) {
  const row = await db
    .selectFrom('login_failures')
    .select(sql<number>`extract(epoch FROM blocked_until - now())::float8`.as('wait'))
    .where('tenant_id', '=', tenantId)
    .where('account_key', '=', key)
    .where('blocked_until', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.wait;
}

/** Counts one failure of `key` (restarting when the last one is older than `forgetAfter`); the new count. */
export async function countFailure(db: Db, tenantId: number, key: string, forgetAfter: string) {
  const row = await db
    .insertInto('login_failures')
    .values({ tenant_id: tenantId, account_key: key, failures: 1, blocked_until: sql<Date>`now()` })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'account_key']).doUpdateSet((eb) => ({
        failures: eb
          .case()
          .when('login_failures.last_failure_at', '<', sql<Date>`now() - ${forgetAfter}::interval`)
          .then(1)
          .else(eb('login_failures.failures', '+', 1))
          .end(),
        last_failure_at: eb.fn('now'),
      })),
    )
    .returning('failures')
    .executeTakeFirst();
  return row?.failures;
}

export async function blockFor(db: Db, tenantId: number, key: string, seconds: number) {
  await db
    .updateTable('login_failures')
    .set({ blocked_until: sql<Date>`now() + make_interval(secs => ${seconds})` })
    .where('tenant_id', '=', tenantId)
    .where('account_key', '=', key)
    .execute();
}

/** Drops counters whose last failure is older than `forgetAfter`. */
export async function dropForgottenFailures(db: Db, tenantId: number, forgetAfter: string) {
  await db
    .deleteFrom('login_failures')
    .where('tenant_id', '=', tenantId)
    .where('last_failure_at', '<', sql<Date>`now() - ${forgetAfter}::interval`)
    .execute();
}

export async function clearFailures(db: Db, tenantId: number, key: string) {
  await db
    .deleteFrom('login_failures')
    .where('tenant_id', '=', tenantId)
    .where('account_key', '=', key)
    .execute();
}
