import { ROUTES } from '@psb/contracts/core';
import routes from './routes';

describe('mfe-registrants routes', () => {
  it('serves exactly the pages ROUTES assigns to it, each behind its module', () => {
    const mine = ROUTES.filter((r) => r.remote === 'mfe_registrants');
    expect(Object.keys(routes).sort()).toEqual(mine.map((r) => r.path).sort());
    expect(mine.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/admin/registrant',
        '/admin/registrant/nonactive',
        '/admin/registrant/detail',
      ]),
    );
    const MODULE: Record<string, string> = {
      '/admin/registrant/legger': 'Legger Murid',
      '/admin/registrant/offers': 'Kelulusan',
    };
    for (const r of mine) expect(r.modules?.[0]).toBe(MODULE[r.path] ?? 'Calon Murid');
    // The legger is the superadmin's alone.
    expect(mine.find((r) => r.path === '/admin/registrant/legger')?.roles).toEqual(['superadmin']);
  });
});
