import { ROUTES } from '@psb/contracts/core';
import { REPORT_NAMES } from '@psb/contracts/reports';
import routes from './routes';

describe('mfe-reports routes', () => {
  it('serves exactly the pages ROUTES assigns to it: one per declared report', () => {
    const mine = ROUTES.filter((r) => r.remote === 'mfe_reports');
    expect(Object.keys(routes).sort()).toEqual(mine.map((r) => r.path).sort());
    expect(Object.keys(routes).sort()).toEqual(REPORT_NAMES.map((n) => `/admin/report/${n}`).sort());
  });
});
