module.exports = {
  ...require('../jest.preset.cjs'),
  displayName: 'mfe-tests',
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/../shared/ui/testing/setup-dom.cjs'],
  // Defined by rspack at build time.
  globals: { __REMOTE_VERSION__: '0.0.0-test' },
};
