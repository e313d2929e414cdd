import { CONSOLE_CATALOG, ROUTES } from '@psb/contracts/core';
import routes from './routes';

describe('mfe-payments routes', () => {
  it('serves exactly the pages ROUTES assigns to it: the payment master data lists and archived lists', () => {
    const mine = ROUTES.filter((r) => r.remote === 'mfe_payments');
    expect(Object.keys(routes).sort()).toEqual(mine.map((r) => r.path).sort());
    const payments = CONSOLE_CATALOG.filter((c) => c.remote === 'mfe_payments');
    expect(payments.map((c) => c.name)).toEqual([
      'mst_type_payment',
      'mst_payment',
      'mst_additional_payment',
      'school_payment',
      'setup_payment',
      'us/convenience_fee',
    ]);
    for (const c of payments) {
      expect(routes[c.adminPath]).toBeDefined();
      expect(routes[`${c.adminPath}/nonactive`]).toBeDefined();
      for (const path of [c.adminPath, `${c.adminPath}/nonactive`])
        expect(mine.find((r) => r.path === path)?.modules).toEqual([c.module]);
    }
  });

  it('takes the admin fee page over from mfe-master-data', () => {
    expect(ROUTES.filter((r) => r.path === '/admin/convenience_fee').map((r) => r.remote)).toEqual([
      'mfe_payments',
    ]);
  });
});
