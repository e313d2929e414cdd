import { ACTIONS, type Action } from './modules';
// Type only: the schema stays out of the zod-free core entry.
import type { RoleModule } from './role-modules';
import { isStaffRole, isSuperadmin, ROLE } from './roles';

const flagOf = (action: Action) => `${action}_action` as const;

/**
 * Superadmin may do everything; a module a role does not list is allowed for staff and
 * denied for parents. The server seeds an explicit row for every module, so this default only matters for
 * modules added after a role was saved.
 */
export function can(
  role: string | null | undefined,
  roleModules: readonly RoleModule[] | null | undefined,
  module: string,
  action: Action = 'read',
): boolean {
  if (!role) return false;
  if (isSuperadmin(role)) return true;
  const entry = roleModules?.find((m) => m.mst_module_name === module);
  if (!entry) return isStaffRole(role);
  return entry[flagOf(action)] === 1;
}

/** The modules of a page the role may not read (none: the page may open). */
export function unreadable(
  role: string | null | undefined,
  roleModules: readonly RoleModule[] | null | undefined,
  modules: readonly string[] | undefined,
): string[] {
  return (modules ?? []).filter((m) => !can(role, roleModules, m, 'read'));
}

/** All four flags of a module, for showing or hiding insert/update/delete buttons. */
export function actionsOf(
  role: string | null | undefined,
  roleModules: readonly RoleModule[] | null | undefined,
  module: string,
) {
  return Object.fromEntries(ACTIONS.map((a) => [a, can(role, roleModules, module, a)])) as Record<
    Action,
    boolean
  >;
}

/**
 * Route access: `all` admits every signed-in user; a role matches when it equals a listed
 * role or contains it (e.g. `teacher_smp` passes `teacher`); staff roles other than the built-in ones pass a
 * route that lists `teacher` (the spec's loose check for teacher-type roles).
 */
export function roleAllowed(role: string | null | undefined, allowed: readonly string[]): boolean {
  if (!role) return false;
  if (allowed.includes('all')) return true;
  if (allowed.some((r) => role === r || role.includes(r))) return true;
  const teacherType = role !== ROLE.superadmin && role !== ROLE.user;
  return teacherType && allowed.includes(ROLE.teacher);
}
