/** Shared jest settings: TypeScript and TSX through swc, compiled to CommonJS for jest's module system. */
const swc = {
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic' } },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
};
module.exports = {
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swc] },
  // ESM-only packages that must be compiled for jest too.
  transformIgnorePatterns: [
    '/node_modules/(?!(\\.pnpm/)?(ky|@noble|idn-area-data|get-port|content-disposition|cookie|htmlparser2|domhandler|domutils|dom-serializer|domelementtype|entities|marked)[+@/])',
  ],
  moduleNameMapper: { '\\.css$': 'identity-obj-proxy' },
  testMatch: ['<rootDir>/**/*.test.ts', '<rootDir>/**/*.test.tsx'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};
