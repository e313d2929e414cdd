module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'api-client',
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/../ui/testing/setup-dom.cjs'],
};
