import type { RoleModule, User } from '@psb/contracts';
import { type Expression, expressionBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { DB } from '../db/kysely';

/** A role's module permissions as the contract's entries, in module order (a correlated JSON subquery). */
export function roleModulesOf(tenantId: Expression<number>, roleId: Expression<number>) {
  return jsonArrayFrom(
    expressionBuilder<DB, never>()
      .selectFrom('role_modules as rm')
      .innerJoin('modules as m', 'm.id', 'rm.module_id')
      .select([
        'm.name as mst_module_name',
        'rm.read_action',
        'rm.insert_action',
        'rm.update_action',
        'rm.delete_action',
      ])
      .where('rm.tenant_id', '=', tenantId)
      .where('rm.role_id', '=', roleId)
      .orderBy('m.id'),
  );
}

const flag = (n: number): 0 | 1 => (n ? 1 : 0);

/** Database flags (smallint 0/1) as the contract's literals. */
export const toRoleModules = (
  rows: {
    mst_module_name: string;
    read_action: number;
    insert_action: number;
    update_action: number;
    delete_action: number;
  }[],
): RoleModule[] =>
  rows.map((r) => ({
    mst_module_name: r.mst_module_name,
    read_action: flag(r.read_action),
    insert_action: flag(r.insert_action),
    update_action: flag(r.update_action),
    delete_action: flag(r.delete_action),
  }));

/** Columns of the contract's User from `users as u` joined with `roles as r`. */
export const USER_COLUMNS = [
  'u.id',
  'u.name',
  'u.email',
  'u.phone_number',
  'r.name as role',
  'u.role_id',
  expressionBuilder<{ u: DB['users'] }, 'u'>()('u.email_verified_at', 'is not', null)
    // SqlBool covers MySQL's 0/1; PostgreSQL returns a real boolean.
    .$castTo<boolean>()
    .as('email_verified'),
] as const;

export const toUser = (r: User): User => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone_number: r.phone_number,
  role: r.role,
  role_id: r.role_id,
  email_verified: r.email_verified,
});
