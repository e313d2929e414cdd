module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'staff-ui',
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/../ui/testing/setup-dom.cjs'],
};
