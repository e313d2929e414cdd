import { sql } from 'kysely';
import type { Db } from '../../db/kysely';
import { loginColumns } from '../../lib/accounts';

export { insertParent } from './parent-account';

const isEmailLogin = (username: string) => username.includes('@');

/** A live account by e-mail (case-insensitive) or digits-only phone, with what login needs. */
export function findAccount(db: Db, tenantId: number, username: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('roles as r', (j) =>
      j.onRef('r.tenant_id', '=', 'u.tenant_id').onRef('r.id', '=', 'u.role_id'),
    )
    .select((eb) => loginColumns(eb))
    .where('u.tenant_id', '=', tenantId)
    .where('u.deleted_at', 'is', null)
    .where((eb) =>
      isEmailLogin(username)
        ? eb(eb.fn('lower', ['u.email']), '=', eb.fn('lower', [eb.val(username)]))
        : eb('u.phone_number', '=', username),
    )
    .executeTakeFirst();
}

export async function insertPasswordReset(db: Db, tenantId: number, userId: number, tokenHash: string) {
  await db
    .insertInto('password_resets')
    .values({
      tenant_id: tenantId,
      user_id: userId,
      token_hash: tokenHash,
      expires_at: sql<Date>`now() + interval '1 hour'`,
    })
    .execute();
}

/** Marks an unused, unexpired verification used; its account and address, or undefined. */
export function useEmailVerification(db: Db, tenantId: number, tokenHash: string) {
  return db
    .updateTable('email_verifications')
    .set((eb) => ({ used_at: eb.fn('now') }))
    .where('tenant_id', '=', tenantId)
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['user_id', 'email'])
    .executeTakeFirst();
}

/** Only if the live account still has that address (it may have been changed since). */
export async function markEmailVerified(db: Db, tenantId: number, userId: number, email: string) {
  await db
    .updateTable('users')
    .set((eb) => ({ email_verified_at: eb.fn('now'), updated_at: eb.fn('now') }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', eb.fn('lower', [eb.val(email)])))
    .where('deleted_at', 'is', null)
    .execute();
}

/** Marks an unused, unexpired reset link used; its account id, or undefined. */
export async function usePasswordReset(db: Db, tenantId: number, tokenHash: string) {
  const row = await db
    .updateTable('password_resets')
    .set((eb) => ({ used_at: eb.fn('now') }))
    .where('tenant_id', '=', tenantId)
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** Every outstanding reset link of the account stops working. */
export async function expireResets(db: Db, tenantId: number, userId: number) {
  await db
    .updateTable('password_resets')
    .set((eb) => ({ used_at: eb.fn('now') }))
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/**
 * New password hash of a live account; the token version moves on, so every older token stops working.
 * Returns the new version, or undefined when there is no such live account.
 */
export async function replacePassword(db: Db, tenantId: number, userId: number, passwordHash: string) {
  const row = await db
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      must_change_password: false,
      token_version: eb('token_version', '+', 1),
      updated_at: eb.fn('now'),
    }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .returning('token_version')
    .executeTakeFirst();
  return row?.token_version;
}

/** The token is refused until `exp` (seconds since the epoch), when its signature expires anyway. */
export async function revokeToken(db: Db, tenantId: number, jti: string, exp: number) {
  await db
    .insertInto('revoked_tokens')
    .values({ tenant_id: tenantId, jti, expires_at: sql<Date>`to_timestamp(${exp})` })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function dropExpiredRevocations(db: Db, tenantId: number) {
  await db
    .deleteFrom('revoked_tokens')
    .where('tenant_id', '=', tenantId)
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
}
