import { CONSOLE_CATALOG, ROUTES } from '@psb/contracts/core';
import routes from './routes';

describe('mfe-tests routes', () => {
  it('serves exactly the pages ROUTES assigns to it: the test master data and the test screens', () => {
    const mine = ROUTES.filter((r) => r.remote === 'mfe_tests');
    expect(Object.keys(routes).sort()).toEqual(mine.map((r) => r.path).sort());
    const tests = CONSOLE_CATALOG.filter((c) => c.remote === 'mfe_tests');
    expect(tests.map((c) => c.name)).toEqual(['mst_test', 'mst_room', 'schedule_test', 'mst_test_detail']);
    for (const c of tests) {
      for (const path of [c.adminPath, `${c.adminPath}/nonactive`]) {
        expect(routes[path]).toBeDefined();
        expect(mine.find((r) => r.path === path)?.modules).toEqual([c.module]);
      }
    }
    for (const path of ['/admin/assign_test', '/admin/registrant/test', '/admin/score_test'])
      expect(routes[path]).toBeDefined();
  });
});
