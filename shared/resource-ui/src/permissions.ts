import { useSession } from '@psb/api-client/session';
import { type Action, actionsOf } from '@psb/contracts/core';

/** What the signed-in staff member may do on a module (the server enforces the same flags). */
export function useModuleActions(module: string): Record<Action, boolean> {
  const role = useSession((s) => s.admin_role);
  const roleModules = useSession((s) => s.admin_role_modules);
  return actionsOf(role, roleModules, module);
}
