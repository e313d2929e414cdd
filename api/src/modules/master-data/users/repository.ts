import type { Db } from '../../../db/kysely';

/** The live account's role name, its row locked until the transaction ends. */
export async function lockUserRole(db: Db, tenantId: number, userId: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('roles as r', (j) =>
      j.onRef('r.tenant_id', '=', 'u.tenant_id').onRef('r.id', '=', 'u.role_id'),
    )
    .select('r.name as role')
    .where('u.tenant_id', '=', tenantId)
    .where('u.id', '=', userId)
    .where('u.deleted_at', 'is', null)
    .forUpdate('u')
    .executeTakeFirst();
}

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
