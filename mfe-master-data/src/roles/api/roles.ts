import { endpoint } from '@psb/api-client/http';
import { isSuperadmin, type RoleModule } from '@psb/contracts/core';
import {
  recordResponseSchema,
  roleModulesResponseSchema,
  roleResource,
  roleSchoolsResponseSchema,
} from '@psb/contracts/resources';
import { resourceKeys } from '@psb/resource-ui';
import { queryOptions, useQuery } from '@tanstack/react-query';

const roleModules = endpoint(roleModulesResponseSchema);
const roleSchools = endpoint(roleSchoolsResponseSchema);
const roleRecord = endpoint(recordResponseSchema(roleResource.schema));

export const getRoleModules = (roleId: number) => roleModules.get(`role_modules/role/${roleId}`);
export const saveRoleModules = (roleId: number, data: RoleModule[]) =>
  roleModules.post(`role_module/${roleId}`, { json: data });
export const copyRoleModules = (fromRoleId: number, toRoleId: number) =>
  roleModules.post(`copy_role_module/${fromRoleId}/${toRoleId}`);
export const getRoleSchools = (roleId: number) => roleSchools.get(`role_school/role/${roleId}`);
export const saveRoleSchools = (roleId: number, schoolIds: number[]) =>
  roleSchools.post(`role_school/${roleId}`, { json: { school_ids: schoolIds } });

export const roleModulesQuery = (roleId: number) =>
  queryOptions({ queryKey: ['role_modules', roleId] as const, queryFn: () => getRoleModules(roleId) });
export const useRoleModules = (roleId: number | null) =>
  useQuery({ ...roleModulesQuery(roleId ?? 0), enabled: roleId !== null });
export const roleSchoolsQuery = (roleId: number) =>
  queryOptions({ queryKey: ['role_school', roleId] as const, queryFn: () => getRoleSchools(roleId) });
export const useRoleSchools = (roleId: number | null) =>
  useQuery({ ...roleSchoolsQuery(roleId ?? 0), enabled: roleId !== null });

export const roleQuery = (roleId: number) =>
  queryOptions({
    queryKey: resourceKeys.one('role', roleId),
    queryFn: () => roleRecord.get(`role/${roleId}`),
  });

/** The chosen role's record (its name decides whether it is the always-allowed superadmin). */
export function useRole(roleId: number | null) {
  const role = useQuery({ ...roleQuery(roleId ?? 0), enabled: roleId !== null });
  const name = role.data?.data.name ?? null;
  return { name, superadmin: name !== null && isSuperadmin(name) };
}
