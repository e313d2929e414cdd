import crypto from 'node:crypto';
import { MODULE_NAMES, type RoleModule } from '@psb/contracts';
import { call, type TestContext, tokenFor } from './helpers';

/**
 * A staff account of a new role with exactly these module flags (and, given schools, limited to them),
 * created through the api as an administrator would; returns its admin token.
 */
export async function staffWith(
  t: TestContext,
  adminToken: string,
  modules: RoleModule[],
  schools: number[] = [],
): Promise<string> {
  const name = `Staf ${crypto.randomBytes(3).toString('hex')}`;
  const api = (p: string) => `/api/v1${p}`;
  const role = await call(t.app, { method: 'POST', url: api('/role'), token: adminToken, payload: { name } });
  const roleId = (role.body.data as { id: number }).id;
  await call(t.app, {
    method: 'POST',
    url: api(`/role_module/${roleId}`),
    token: adminToken,
    payload: modules,
  });
  if (schools.length)
    await call(t.app, {
      method: 'POST',
      url: api(`/role_school/${roleId}`),
      token: adminToken,
      payload: schools,
    });
  const email = `${name.replace(' ', '').toLowerCase()}@demo.sch.id`;
  await call(t.app, {
    method: 'POST',
    url: api('/user'),
    token: adminToken,
    payload: { name, email, role_id: roleId, password: 'rahasia1' },
  });
  return firstSignIn(t, email, 'rahasia1');
}

/**
 * Signs in with the temporary password staff chose for the account and replaces it, as its holder must before
 * anything else; returns the admin token the change gives.
 */
export async function firstSignIn(t: TestContext, email: string, temporary: string): Promise<string> {
  const token = await tokenFor(t.app, email, 'admin', temporary);
  const res = await call(t.app, {
    method: 'PUT',
    url: '/api/v1/public/change_password',
    token,
    payload: { old_password: temporary, password: `${temporary}-baru` },
  });
  if (res.status !== 200 || typeof res.body.token !== 'string')
    throw new Error(`password change of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

/** A module flag row: `flags` lists the allowed actions. */
export const flags = (
  module: string,
  ...allowed: ('read' | 'insert' | 'update' | 'delete')[]
): RoleModule => ({
  mst_module_name: module,
  read_action: allowed.includes('read') ? 1 : 0,
  insert_action: allowed.includes('insert') ? 1 : 0,
  update_action: allowed.includes('update') ? 1 : 0,
  delete_action: allowed.includes('delete') ? 1 : 0,
});

/** Every flag of every module. */
export const everyModule = (): RoleModule[] =>
  MODULE_NAMES.map((m) => ({
    mst_module_name: m,
    read_action: 1,
    insert_action: 1,
    update_action: 1,
    delete_action: 1,
  }));
