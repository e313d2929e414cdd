import { endpoint } from '@psb/api-client/http';
import { isSuperadmin, type RoleModule } from '@psb/contracts/core';
import {
  recordResponseSchema,
  roleModulesResponseSchema,
  roleResource,
  roleSchoolsResponseSchema,
} from '@psb/contracts/resources';
import { resourceKeys } from '@psb/resource-ui';
import { useQuery } from '@tanstack/react-query';

const roleModules = endpoint(roleModulesResponseSchema);
const roleSchools = endpoint(roleSchoolsResponseSchema);
const roleRecord = endpoint(recordResponseSchema(roleResource.schema));

export const roleModulesKey = (roleId: number) => ['role_modules', roleId] as const;
export const roleSchoolsKey = (roleId: number) => ['role_school', roleId] as const;

export const getRoleModules = (roleId: number) => roleModules.get(`role_modules/role/${roleId}`);
export const saveRoleModules = (roleId: number, data: RoleModule[]) =>
  roleModules.post(`role_module/${roleId}`, { json: data });
export const copyRoleModules = (fromRoleId: number, toRoleId: number) =>
  roleModules.post(`copy_role_module/${fromRoleId}/${toRoleId}`);
export const getRoleSchools = (roleId: number) => roleSchools.get(`role_school/role/${roleId}`);
export const saveRoleSchools = (roleId: number, schoolIds: number[]) =>
  roleSchools.post(`role_school/${roleId}`, { json: { school_ids: schoolIds } });

/** The chosen role's record (its name decides whether it is the always-allowed superadmin). */
export function useRole(roleId: number | null) {
  const role = useQuery({
    queryKey: resourceKeys.one('role', roleId ?? 0),
    queryFn: () => roleRecord.get(`role/${roleId}`),
    enabled: roleId !== null,
  });
  const name = role.data?.data.name ?? null;
  return { name, superadmin: name !== null && isSuperadmin(name) };
}
