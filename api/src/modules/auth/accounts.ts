import type { Db } from '../../db/kysely';

/**
 * Writes to accounts that other domains ask for — staff setting a password, a family registered by staff
 * getting or leaving its account: the users table has one writer.
 */

/**
 * A password staff chose: every session of the account ends (the token version moves on) and the holder must
 * replace it after signing in.
 */
export async function setTemporaryPassword(db: Db, tenantId: number, userId: number, passwordHash: string) {
  await db
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      must_change_password: true,
      token_version: eb('token_version', '+', 1),
      updated_at: eb.fn('now'),
    }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .execute();
}

/** The account-less owner gets its contacts and a temporary password: it becomes a real parent account. */
export async function activatePlaceholder(
  db: Db,
  tenantId: number,
  userId: number,
  a: { name: string; email: string | null; phone: string | null; passwordHash: string },
) {
  await db
    .updateTable('users')
    .set((eb) => ({
      name: a.name,
      email: a.email,
      phone_number: a.phone,
      password_hash: a.passwordHash,
      must_change_password: true,
      account_pending: false,
      token_version: eb('token_version', '+', 1),
      updated_at: eb.fn('now'),
    }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .execute();
}

/** An account-less placeholder (see 0110) left without registrants is archived. */
export async function archiveEmptyPlaceholder(db: Db, tenantId: number, from: number) {
  await db
    .updateTable('users as u')
    .set((eb) => ({ deleted_at: eb.fn('now'), updated_at: eb.fn('now') }))
    .where('u.tenant_id', '=', tenantId)
    .where('u.id', '=', from)
    .where('u.account_pending', '=', true)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('registrants as r')
            .select('r.id')
            .whereRef('r.tenant_id', '=', 'u.tenant_id')
            .whereRef('r.user_id', '=', 'u.id'),
        ),
      ),
    )
    .execute();
}
