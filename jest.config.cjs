/** One jest run over every workspace package that has a jest.config.cjs. */
const fs = require('node:fs');
const path = require('node:path');
const dirs = ['shared', '.'].flatMap((base) =>
  fs
    .readdirSync(path.join(__dirname, base), { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(__dirname, base, d.name, 'jest.config.cjs')))
    .map((d) => `<rootDir>/${base === '.' ? '' : `${base}/`}${d.name}`),
);
// testTimeout is global in jest (a project's own value is ignored in a multi-project run): the api tests that
// stop processes or migrate a fresh database need more than the default 5 s.
module.exports = { projects: dirs, testTimeout: 30_000 };
