module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'resource-ui',
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/../ui/testing/setup-dom.cjs'],
};
