import { ROUTES } from '@psb/contracts/core';
import { RESOURCES, type ResourceDecl } from '@psb/contracts/resources';
import routes from './routes';

describe('mfe-master-data routes', () => {
  it('serves a list and an archived list for every declared resource it owns, generated from the declarations', () => {
    // Resources with a remote of their own (the payment master data) are served there.
    for (const r of (RESOURCES as readonly ResourceDecl[]).filter((x) => !x.remote)) {
      expect(routes[r.adminPath]).toBeDefined();
      expect(routes[`${r.adminPath}/nonactive`]).toBeDefined();
    }
  });

  it('serves exactly the pages ROUTES assigns to it', () => {
    const mine = ROUTES.filter((r) => r.remote === 'mfe_master_data').map((r) => r.path);
    expect(Object.keys(routes).sort()).toEqual([...mine].sort());
    expect(mine).toEqual(
      expect.arrayContaining([
        '/admin/dashboard',
        '/admin/role_modules',
        '/admin/role_school',
        '/admin/school',
      ]),
    );
    for (const r of ROUTES.filter((x) => x.remote === 'mfe_master_data' && x.path !== '/admin/dashboard'))
      expect(r.modules?.length).toBeGreaterThan(0);
  });
});
