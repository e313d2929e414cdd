import { z } from './zod';

/*
 * zod schemas of the role_modules rows. They sit apart from the permission helpers (permissions.ts) so that
 * `@psb/contracts/core` can offer `can`/`roleAllowed` and the RoleModule type without loading zod.
 */

/** One role_modules entry as the login response and GET /me carry it (1 = allowed). */
export const roleModuleSchema = z.object({
  mst_module_name: z.string(),
  read_action: z.union([z.literal(0), z.literal(1)]),
  insert_action: z.union([z.literal(0), z.literal(1)]),
  update_action: z.union([z.literal(0), z.literal(1)]),
  delete_action: z.union([z.literal(0), z.literal(1)]),
});
export type RoleModule = z.infer<typeof roleModuleSchema>;

/** GET /role_modules/role/{id}: every module's flags for one role (staff, module Hak Akses). */
export const roleModulesResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(roleModuleSchema),
});
export type RoleModulesResponse = z.infer<typeof roleModulesResponseSchema>;
