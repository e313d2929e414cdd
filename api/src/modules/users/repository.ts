import type { Db } from '../../db/kysely';

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

/** New password hash; the token version moves on, so every session of the account ends. */
export async function setPassword(db: Db, tenantId: number, userId: number, passwordHash: string) {
  await db
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      token_version: eb('token_version', '+', 1),
      updated_at: eb.fn('now'),
    }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .execute();
}
