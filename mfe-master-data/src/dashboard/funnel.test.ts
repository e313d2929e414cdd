import { REGISTRANT_STATUSES } from '@psb/contracts/registrant-status';
import { FUNNEL_ORDER, reached } from './funnel';

describe('the dashboard funnel', () => {
  it('orders every registrant state once', () => {
    expect([...FUNNEL_ORDER].sort()).toEqual([...REGISTRANT_STATUSES].sort());
  });

  it('counts as having reached a stage every later state but withdrawal', () => {
    expect(reached('draft')).toEqual(
      REGISTRANT_STATUSES.filter((s) => s !== 'withdrawn').sort(
        (a, b) => FUNNEL_ORDER.indexOf(a) - FUNNEL_ORDER.indexOf(b),
      ),
    );
    expect(reached('tested')).toEqual(['tested', 'accepted', 'reserve', 'rejected', 're_registered']);
    expect(reached('re_registered')).toEqual(['re_registered']);
  });
});
