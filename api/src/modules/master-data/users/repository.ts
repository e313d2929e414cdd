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
