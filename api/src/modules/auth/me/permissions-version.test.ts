import { appPerFile } from '../../../../test/app-per-file';
import { call, tokenFor } from '../../../../test/helpers';

const t = appPerFile({ signIn: false });

const HEADER = 'x-permissions-version';

type Flags = { mst_module_name: string; read_action: number }[];
const readFlag = (body: Record<string, unknown>, module: string) =>
  (body.role_modules as Flags).find((m) => m.mst_module_name === module)?.read_action;

describe('x-permissions-version on authenticated answers', () => {
  it('changes when the role permissions change, and GET /me then carries the new flags', async () => {
    const token = await tokenFor(t.app, 'guru@demo.sch.id', 'admin');
    const before = await call(t.app, { method: 'GET', url: '/api/v1/me', token });
    expect(before.status).toBe(200);
    const version = before.headers[HEADER];
    expect(version).toMatch(/^\d+\.\d+$/);
    expect(readFlag(before.body, 'Hak Akses')).toBe(0);

    // Nothing changed: the same version again.
    expect((await call(t.app, { method: 'GET', url: '/api/v1/me', token })).headers[HEADER]).toBe(version);

    await t.ownerPool.query(
      `UPDATE role_modules SET read_action = 1
       WHERE role_id = (SELECT role_id FROM users WHERE email = 'guru@demo.sch.id')
         AND module_id = (SELECT id FROM modules WHERE name = 'Hak Akses')`,
    );
    const after = await call(t.app, { method: 'GET', url: '/api/v1/me', token });
    expect(after.headers[HEADER]).toMatch(/^\d+\.\d+$/);
    expect(after.headers[HEADER]).not.toBe(version);
    expect(readFlag(after.body, 'Hak Akses')).toBe(1);
  });

  it('is absent from public and refused calls', async () => {
    const pub = await call(t.app, { method: 'GET', url: '/api/v1/public/theme' });
    expect(pub.status).toBe(200);
    expect(pub.headers[HEADER]).toBeUndefined();
    const refused = await call(t.app, { method: 'GET', url: '/api/v1/me', token: 'not.a.jwt' });
    expect(refused.status).toBe(401);
    expect(refused.headers[HEADER]).toBeUndefined();
  });
});
