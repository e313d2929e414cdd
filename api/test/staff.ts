import crypto from 'node:crypto';
import type { RoleModule } from '@psb/contracts';
import { call, type TestContext, tokenFor } from './helpers';

/**
 * A new staff account whose role has the given module flags and is limited to `schoolIds` (none = every
 * school), made through the api as a superadmin would; returns its admin token.
 */
export async function staffOfSchool(
  t: TestContext,
  adminToken: string,
  schoolIds: number | readonly number[],
  modules: RoleModule[],
): Promise<string> {
  const name = `Staf ${crypto.randomBytes(3).toString('hex')}`;
  const api = (path: string) => `/api/v1${path}`;
  const role = await call(t.app, { method: 'POST', url: api('/role'), token: adminToken, payload: { name } });
  const roleId = (role.body.data as { id: number }).id;
  await call(t.app, {
    method: 'POST',
    url: api(`/role_module/${roleId}`),
    token: adminToken,
    payload: modules,
  });
  const schools = ([] as number[]).concat(schoolIds);
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
  return tokenFor(t.app, email, 'admin', 'rahasia1');
}
