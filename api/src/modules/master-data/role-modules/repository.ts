import type { Db } from '../../../db/kysely';
import { roleModulesOf } from '../../../lib/accounts';

/** The role's module flags, or undefined when the role does not exist (or belongs to another tenant). */
export async function findRoleModules(db: Db, tenantId: number, roleId: number) {
  const row = await db
    .selectFrom('roles as r')
    .select((eb) => roleModulesOf(eb.ref('r.tenant_id'), eb.ref('r.id')).as('data'))
    .where('r.tenant_id', '=', tenantId)
    .where('r.id', '=', roleId)
    .executeTakeFirst();
  return row?.data;
}
