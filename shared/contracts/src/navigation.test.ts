import { isModuleName, MODULE_NAMES } from './modules';
import { ADMIN_NAV, ROUTES } from './navigation';

describe('navigation tables', () => {
  it('name only known permission modules', () => {
    for (const group of ADMIN_NAV) for (const i of group.items) expect(isModuleName(i.module)).toBe(true);
    for (const r of ROUTES) if (r.module) expect(isModuleName(r.module)).toBe(true);
  });
  it('has every module of the spec exactly once', () => {
    expect(new Set(MODULE_NAMES).size).toBe(MODULE_NAMES.length);
    expect(MODULE_NAMES).toHaveLength(47);
  });
  it('has unique paths', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    const navPaths = ADMIN_NAV.flatMap((g) => g.items.map((i) => i.path));
    expect(new Set(navPaths).size).toBe(navPaths.length);
  });
});
