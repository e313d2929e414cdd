import * as core from './core';
import * as contracts from './index';
import { CONSOLE_RESOURCES } from './resources';

describe('@psb/contracts/core', () => {
  it('loads without zod (the shell boots from it)', () => {
    jest.isolateModules(() => {
      jest.doMock('zod', () => {
        throw new Error('zod was loaded by @psb/contracts/core');
      });
      expect(() => jest.requireActual('./core')).not.toThrow();
    });
  });

  it('exports the same values as the package index', () => {
    for (const [name, value] of Object.entries(core))
      expect([name, (contracts as Record<string, unknown>)[name]]).toEqual([name, value]);
  });
});

describe('resource catalog', () => {
  it('holds every console resource, in order, with the facts its declaration uses', () => {
    expect(core.CONSOLE_CATALOG).toEqual(
      CONSOLE_RESOURCES.map(({ name, module, adminPath, label, pageTitle, remote }) => ({
        name,
        module,
        adminPath,
        label,
        pageTitle,
        ...(remote ? { remote } : {}),
      })),
    );
  });

  it('gives every console resource its list and archived list in ROUTES', () => {
    for (const r of CONSOLE_RESOURCES) {
      expect(core.routeFor(r.adminPath)).toMatchObject({
        remote: r.remote ?? 'mfe_master_data',
        modules: [r.module],
      });
      expect(core.routeFor(`${r.adminPath}/nonactive`)?.remote).toBe(r.remote ?? 'mfe_master_data');
      expect(core.routeFor(`${r.adminPath}/nonactive`)?.title).toBe(`${r.pageTitle} Non-Aktif`);
    }
  });
});
