/** Built-in role names. Other admin roles are created by staff and behave like `teacher`. */
export const ROLE = {
  superadmin: 'superadmin',
  teacher: 'teacher',
  user: 'user',
} as const;

export type Area = 'user' | 'admin';

/** A parent account has the role `user`; every other role is staff. */
export function isStaffRole(role: string | null | undefined): boolean {
  return !!role && role !== ROLE.user;
}

export function isSuperadmin(role: string | null | undefined): boolean {
  return role === ROLE.superadmin;
}
