import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { appPerFile } from '../../test/app-per-file';
import { call, tokenFor } from '../../test/helpers';
import permissions from './permissions';

const t = appPerFile({ signIn: false });

const roleId = async (name: string) =>
  (
    await t.ownerPool.query<{ id: number }>(
      "SELECT r.id FROM roles r JOIN tenants t ON t.id = r.tenant_id WHERE t.slug = 'demo' AND r.name = $1",
      [name],
    )
  ).rows[0]!.id;

describe('staff endpoint GET /role_modules/role/:id (Hak Akses, read)', () => {
  it('gives superadmin every module flag of a role', async () => {
    const token = await tokenFor(t.app, 'superadmin@demo.sch.id', 'admin');
    const res = await call(t.app, {
      method: 'GET',
      url: `/api/v1/role_modules/role/${await roleId('teacher')}`,
      token,
    });
    expect(res.status).toBe(200);
    const data = res.body.data as { mst_module_name: string; read_action: number; insert_action: number }[];
    expect(data.length).toBeGreaterThan(40);
    expect(data.find((m) => m.mst_module_name === 'Calon Murid')).toMatchObject({
      read_action: 1,
      insert_action: 0,
    });
    expect(data.find((m) => m.mst_module_name === 'Hak Akses')).toMatchObject({ read_action: 0 });
    // The test pages a teacher works on: the schedule's test types, the sessions to score, and scoring.
    for (const name of ['Tipe Tes', 'Data Tes', 'Ruangan'])
      expect(data.find((m) => m.mst_module_name === name)).toMatchObject({
        read_action: 1,
        update_action: 0,
      });
    expect(data.find((m) => m.mst_module_name === 'Penilaian Tes')).toMatchObject({
      read_action: 1,
      insert_action: 0,
      update_action: 1,
    });
  });

  it('refuses a teacher without the module (403), and lets it in once the flag is granted', async () => {
    const token = await tokenFor(t.app, 'guru@demo.sch.id', 'admin');
    const url = `/api/v1/role_modules/role/${await roleId('user')}`;
    const denied = await call(t.app, { method: 'GET', url, token });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ success: false, message: 'Anda tidak memiliki akses ke Hak Akses.' });
    // Permissions are read on every request: a change applies to the same token at once.
    await t.ownerPool.query(
      `UPDATE role_modules SET read_action = 1 WHERE role_id = $1 AND module_id = (SELECT id FROM modules WHERE name = 'Hak Akses')`,
      [await roleId('teacher')],
    );
    expect((await call(t.app, { method: 'GET', url, token })).status).toBe(200);
    // A missing row means denied.
    await t.ownerPool.query(
      `DELETE FROM role_modules WHERE role_id = $1 AND module_id = (SELECT id FROM modules WHERE name = 'Hak Akses')`,
      [await roleId('teacher')],
    );
    expect((await call(t.app, { method: 'GET', url, token })).status).toBe(403);
  });

  it('refuses parent tokens and anonymous callers', async () => {
    const url = `/api/v1/role_modules/role/${await roleId('user')}`;
    const parent = await tokenFor(t.app, 'orangtua@demo.sch.id', 'user');
    expect((await call(t.app, { method: 'GET', url, token: parent })).status).toBe(403);
    expect((await call(t.app, { method: 'GET', url })).status).toBe(401);
    expect((await call(t.app, { method: 'GET', url, token: 'not.a.jwt' })).status).toBe(401);
  });

  it('answers 404 for a role that is not in the tenant', async () => {
    const token = await tokenFor(t.app, 'superadmin@demo.sch.id', 'admin');
    const res = await call(t.app, { method: 'GET', url: '/api/v1/role_modules/role/999999', token });
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
  });
});

describe('access declarations', () => {
  it('every /api route declares its access, and staff routes name a module', () => {
    const routes = t.app.routeAccess;
    expect(routes.length).toBeGreaterThan(10);
    for (const r of routes) expect(r.access).toBeDefined();
    expect(routes).toContainEqual({
      method: 'GET',
      url: '/api/v1/role_modules/role/:id',
      access: { module: 'Hak Akses', action: 'read' },
    });
    expect(routes).toContainEqual({ method: 'GET', url: '/api/v1/me', access: 'user' });
    // Every route the server knows under /api/ is in the list.
    const printed = t.app.printRoutes({ commonPrefix: false });
    for (const path of ['/api/v1/public/login', '/api/v1/public/first_page', '/api/v1/logout']) {
      expect(printed).toContain(path);
      expect(routes.some((r) => r.url === path)).toBe(true);
    }
  });

  it('a route without a declaration stops the app at start-up', async () => {
    const build = (config: Record<string, unknown>) => {
      const app = Fastify();
      // Stand-ins for the plugins permissions depends on.
      app.register(fp(async () => {}, { name: 'tenant' }));
      app.register(fp(async () => {}, { name: 'auth' }));
      app.register(permissions);
      app.register(async (api) => {
        api.get('/api/v1/forgotten', { config }, async () => ({}));
      });
      return app;
    };
    await expect(build({}).ready()).rejects.toThrow(/GET \/api\/v1\/forgotten has no access declaration/);
    await expect(build({ access: { module: 'Tidak Ada', action: 'read' } }).ready()).rejects.toThrow(
      /unknown permission/,
    );
    const ok = build({ access: 'public' });
    await expect(ok.ready()).resolves.toBeDefined();
    await ok.close();
  });
});
