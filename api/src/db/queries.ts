import type { RoleModule, User } from '@psb/contracts';

/** role_modules of a role as the contract's JSON entries, in module order (a correlated subquery). */
export const roleModulesJson = (tenantExpr: string, roleExpr: string) => `COALESCE((
  SELECT json_agg(json_build_object(
    'mst_module_name', m.name, 'read_action', rm.read_action, 'insert_action', rm.insert_action,
    'update_action', rm.update_action, 'delete_action', rm.delete_action) ORDER BY m.id)
  FROM role_modules rm JOIN modules m ON m.id = rm.module_id
  WHERE rm.tenant_id = ${tenantExpr} AND rm.role_id = ${roleExpr}), '[]'::json)`;

/** Columns of the contract's User, from `users u JOIN roles r`. */
export const USER_COLUMNS = `u.id, u.name, u.email, u.phone_number, r.name AS role, u.role_id,
  (u.email_verified_at IS NOT NULL) AS email_verified`;

export interface UserRow extends User {
  role_modules: RoleModule[];
  token_version: number;
}

/** Kept here for the auth module and plugin, which still read their rows with the SQL above. */
export { toUser } from '../lib/accounts';

/**
 * Everything one authenticated request needs, in ONE query: the live user (not deleted, token version still
 * current), the token not revoked, the role name and the version of its permissions (see
 * 0005_permissions_version.sql) and the role's schools — so a permission change or a revoked token takes effect on the very next
 * request.
 */
export const AUTH_SQL = `SELECT ${USER_COLUMNS}, u.token_version, r.permissions_version,
    (SELECT array_agg(rs.school_id ORDER BY rs.school_id) FROM role_schools rs
      WHERE rs.tenant_id = u.tenant_id AND rs.role_id = u.role_id) AS school_ids
  FROM users u JOIN roles r ON r.tenant_id = u.tenant_id AND r.id = u.role_id
  WHERE u.tenant_id = $1 AND u.id = $2 AND u.deleted_at IS NULL AND u.token_version = $3
    AND NOT EXISTS (SELECT 1 FROM revoked_tokens t WHERE t.tenant_id = $1 AND t.jti = $4)`;

export interface AuthRow extends User {
  token_version: number;
  permissions_version: string;
  /** The role's role_schools, null when it has none. */
  school_ids: number[] | null;
}

/** role_modules of one role as the contract's entries. */
export const ROLE_MODULES_SQL = `SELECT ${roleModulesJson('$1', '$2')} AS role_modules`;

/** A live account by e-mail (case-insensitive) or digits-only phone, with what login needs. */
export const accountSql = (
  by: 'email' | 'phone',
) => `SELECT ${USER_COLUMNS}, u.token_version, u.password_hash,
    ${roleModulesJson('u.tenant_id', 'u.role_id')} AS role_modules
  FROM users u JOIN roles r ON r.tenant_id = u.tenant_id AND r.id = u.role_id
  WHERE u.tenant_id = $1 AND u.deleted_at IS NULL AND ${by === 'email' ? 'lower(u.email) = lower($2)' : 'u.phone_number = $2'}`;
