import type { RoleModule, User } from '@psb/contracts';
import { type Expression, type ExpressionBuilder, expressionBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { DB, Db } from '../db/kysely';

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

/**
 * Everything one authenticated request needs, in ONE query: the live user (not deleted, token version still
 * current), the token not revoked, the role name, the version of its permissions (the database bumps it on
 * every role_modules change) and the role's schools (null when it has none) — so a permission change or a
 * revoked token takes effect on the very next request. Returned unexecuted: the auth plugin runs it as a
 * named prepared statement.
 */
export function authenticatedUserQuery(
  db: Db,
  c: { tenantId: number; userId: number; tokenVersion: number; jti: string },
) {
  return db
    .selectFrom('users as u')
    .innerJoin('roles as r', (j) =>
      j.onRef('r.tenant_id', '=', 'u.tenant_id').onRef('r.id', '=', 'u.role_id'),
    )
    .select((eb) => [
      ...USER_COLUMNS,
      'u.token_version',
      'u.must_change_password',
      'r.permissions_version',
      eb
        .selectFrom('role_schools as rs')
        .select((sb) =>
          sb.fn.agg<number[] | null>('array_agg', ['rs.school_id']).orderBy('rs.school_id').as('ids'),
        )
        .whereRef('rs.tenant_id', '=', 'u.tenant_id')
        .whereRef('rs.role_id', '=', 'u.role_id')
        .as('school_ids'),
    ])
    .where('u.tenant_id', '=', c.tenantId)
    .where('u.id', '=', c.userId)
    .where('u.deleted_at', 'is', null)
    .where('u.token_version', '=', c.tokenVersion)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('revoked_tokens as t')
            .select('t.jti')
            .where('t.tenant_id', '=', c.tenantId)
            .where('t.jti', '=', c.jti),
        ),
      ),
    );
}

/** A role's module permissions (see roleModulesOf), unexecuted: the permissions cache names the statement. */
export function roleModulesQuery(db: Db, tenantId: number, roleId: number) {
  return db.selectNoFrom((eb) => roleModulesOf(eb.val(tenantId), eb.val(roleId)).as('role_modules'));
}

/**
 * role_modules of a role as the contract's JSON entries, in module order, as SQL text — for queries that
 * build their whole JSON answer in PostgreSQL (the public home page).
 */
export const roleModulesJson = (tenantExpr: string, roleExpr: string) => `COALESCE((
  SELECT json_agg(json_build_object(
    'mst_module_name', m.name, 'read_action', rm.read_action, 'insert_action', rm.insert_action,
    'update_action', rm.update_action, 'delete_action', rm.delete_action) ORDER BY m.id)
  FROM role_modules rm JOIN modules m ON m.id = rm.module_id
  WHERE rm.tenant_id = ${tenantExpr} AND rm.role_id = ${roleExpr}), '[]'::json)`;

/** The stored password hash of a live account (to confirm a password before a sensitive change). */
export async function passwordHashOf(db: Db, tenantId: number, userId: number) {
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.password_hash;
}

/** What signing in needs of `users as u` (joined to `roles as r`): the user, token version, hash and flags. */
export function loginColumns(eb: ExpressionBuilder<DB & { u: DB['users'] }, 'u'>) {
  return [
    ...USER_COLUMNS,
    'u.token_version',
    'u.password_hash',
    'u.must_change_password',
    roleModulesOf(eb.ref('u.tenant_id'), eb.ref('u.role_id')).as('role_modules'),
  ] as const;
}
