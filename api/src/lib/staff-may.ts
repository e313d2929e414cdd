import { type Action, isStaffRole, isSuperadmin } from '@psb/contracts';

/** The part of a request's sign-in the rule reads (an AuthContext, or a test's stand-in). */
export interface StaffAuth {
  audience: string;
  user: { role: string };
  roleModules: readonly { mst_module_name: string }[];
}

/**
 * The one staff permission rule, for the route gate and for the checks inside handlers open to parents and
 * staff alike: a console sign-in of a staff role, then the module's flag for the action (superadmin all). A
 * module with no row for the role is refused, never granted by default.
 */
export function staffMay(auth: StaffAuth, module: string, action: Action = 'update'): boolean {
  if (auth.audience !== 'admin' || !isStaffRole(auth.user.role)) return false;
  if (isSuperadmin(auth.user.role)) return true;
  const row = auth.roleModules.find((m) => m.mst_module_name === module) as
    | Record<string, unknown>
    | undefined;
  return row?.[`${action}_action`] === 1;
}
