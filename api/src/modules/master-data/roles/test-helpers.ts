import { type Action, MODULE_NAMES, type RoleModule } from '@psb/contracts';
import type { AppPerFile } from '../../../../test/app-per-file';
import { api, call } from '../../../../test/helpers';
import { firstSignIn } from '../../../../test/staff';

/** What the role and account tests do again and again, on the file's app. */
export function roleHelpers(t: AppPerFile) {
  const idOf = async (sql: string, values: unknown[] = []) =>
    (await t.ownerPool.query<{ id: number }>(sql, values)).rows[0]!.id;

  async function createRole(name: string): Promise<number> {
    const res = await call(t.app, { method: 'POST', url: api('/role'), token: t.admin, payload: { name } });
    expect(res.status).toBe(201);
    return (res.body.data as { id: number }).id;
  }

  async function createStaff(name: string, email: string, roleId: number): Promise<string> {
    const res = await call(t.app, {
      method: 'POST',
      url: api('/user'),
      token: t.admin,
      payload: { name, email, role_id: roleId, password: 'rahasia1' },
    });
    expect(res.status).toBe(201);
    return firstSignIn(t, email, 'rahasia1');
  }

  const flags = (all: 0 | 1, except?: { module: string; action: Action }): RoleModule[] =>
    MODULE_NAMES.map((m) => {
      const entry = {
        mst_module_name: m,
        read_action: all,
        insert_action: all,
        update_action: all,
        delete_action: all,
      };
      if (except && except.module === m) entry[`${except.action}_action`] = (1 - all) as 0 | 1;
      return entry;
    });

  async function saveModules(roleId: number, data: RoleModule[]) {
    const res = await call(t.app, {
      method: 'POST',
      url: api(`/role_module/${roleId}`),
      token: t.admin,
      payload: data,
    });
    expect(res.status).toBe(200);
    return res.body.data as RoleModule[];
  }

  return { idOf, createRole, createStaff, flags, saveModules };
}
