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

/** How the built-in roles are named on screen; the stored keys above stay as they are. */
export const ROLE_DISPLAY_NAMES: Readonly<Record<string, string>> = {
  [ROLE.superadmin]: 'Superadmin',
  [ROLE.teacher]: 'Guru',
  [ROLE.user]: 'Orang Tua',
};

/** A role's name as staff read it: the built-in ones in Indonesian, a role staff created as it was typed. */
export function roleDisplayName(role: string | null | undefined): string {
  if (!role) return '';
  return ROLE_DISPLAY_NAMES[role] ?? role;
}
