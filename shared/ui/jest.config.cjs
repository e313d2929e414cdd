module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'ui',
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/testing/setup-dom.cjs'],
};
