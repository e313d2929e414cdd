/** One jest run over every workspace package that has a jest.config.cjs. */
const fs = require('node:fs');
const path = require('node:path');
const dirs = ['shared', '.'].flatMap((base) =>
  fs
    .readdirSync(path.join(__dirname, base), { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(__dirname, base, d.name, 'jest.config.cjs')))
    .map((d) => `<rootDir>/${base === '.' ? '' : `${base}/`}${d.name}`),
);
module.exports = { projects: dirs };
