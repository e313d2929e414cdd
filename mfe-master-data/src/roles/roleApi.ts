import { api } from '@psb/api-client/http';
import { isSuperadmin, type RoleModule } from '@psb/contracts/core';
import { resourceKeys } from '@psb/resource-ui';
import { useQuery } from '@tanstack/react-query';

interface RoleRecord {
  success: true;
  data: { id: number; name: string };
}
interface RoleModulesBody {
  success: true;
  message?: string;
  data: RoleModule[];
}
interface RoleSchoolsBody {
  success: true;
  message?: string;
  data: { school_id: number; school_name: string }[];
}

export const roleModulesKey = (roleId: number) => ['role_modules', roleId] as const;
export const roleSchoolsKey = (roleId: number) => ['role_school', roleId] as const;

export const getRoleModules = (roleId: number) =>
  api.get(`role_modules/role/${roleId}`).json<RoleModulesBody>();
export const saveRoleModules = (roleId: number, data: RoleModule[]) =>
  api.post(`role_module/${roleId}`, { json: data }).json<RoleModulesBody>();
export const copyRoleModules = (fromRoleId: number, toRoleId: number) =>
  api.get(`copy_role_module/${fromRoleId}/${toRoleId}`).json<RoleModulesBody>();
export const getRoleSchools = (roleId: number) =>
  api.get(`role_school/role/${roleId}`).json<RoleSchoolsBody>();
export const saveRoleSchools = (roleId: number, schoolIds: number[]) =>
  api.post(`role_school/${roleId}`, { json: { school_ids: schoolIds } }).json<RoleSchoolsBody>();

/** The chosen role's record (its name decides whether it is the always-allowed superadmin). */
export function useRole(roleId: number | null) {
  const role = useQuery({
    queryKey: resourceKeys.one('role', roleId ?? 0),
    queryFn: () => api.get(`role/${roleId}`).json<RoleRecord>(),
    enabled: roleId !== null,
  });
  const name = role.data?.data.name ?? null;
  return { name, superadmin: name !== null && isSuperadmin(name) };
}
