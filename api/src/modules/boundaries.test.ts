/**
 * Domain boundaries: a domain (`src/modules/<domain>/`) is entered only through its `index.ts` — from another
 * domain and from anywhere else in the api (app, jobs, db scripts, tests) — and the resource engine only through
 * `src/engine/index.ts`. Inside a domain, its sub-folders import each other freely. What knows no domain lives in
 * `src/lib/`.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SRC = path.resolve(__dirname, '..');
const API = path.resolve(SRC, '..');
const MODULES = path.join(SRC, 'modules');
const ENGINE = path.join(SRC, 'engine');

/** The domain a path lies in (`src/modules/<domain>/…`), or null outside every domain. */
function domainOf(p: string): string | null {
  const parts = path.relative(MODULES, p).split(path.sep);
  return parts[0] === '..' || parts.length < 2 ? null : (parts[0] ?? null);
}

/** The boundary rules a file breaks with its imports (static, dynamic and require). */
function boundaryViolations(file: string, text: string): string[] {
  const owner = domainOf(file);
  const found: string[] = [];
  for (const { fileName: spec } of ts.preProcessFile(text, true, true).importedFiles) {
    if (!spec.startsWith('.')) continue;
    const target = path.resolve(path.dirname(file), spec);
    const other = domainOf(target) ?? domainOf(path.join(target, 'index'));
    if (other && other !== owner) {
      const face = path.join(MODULES, other);
      if (target !== face && target !== path.join(face, 'index'))
        found.push(`${spec}: ${owner ? `domain "${owner}"` : 'outside the domains'} reaches into "${other}"`);
    }
    const inEngine = !path.relative(ENGINE, target).startsWith('..');
    if (inEngine && owner && target !== ENGINE && target !== path.join(ENGINE, 'index'))
      found.push(`${spec}: engine internals (import from the engine's index)`);
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('domain boundaries', () => {
  it('spots imports past another domain’s index, dynamic ones and engine internals included', () => {
    const file = path.join(MODULES, 'auth', 'me', 'service.ts');
    const text = [
      "import { login } from '../../master-data/users/service';",
      "export { HOOKS } from '../../master-data/hooks';",
      "const later = () => import('../../registrants/documents/routes');",
      "import { compile } from '../../../engine/compile';",
      "import { sessionUser } from './repository';",
      "import { authRoutes } from '../routes';",
      "import { registerResource } from '../../../engine';",
      "import { schoolRoutes } from '../../master-data';",
      "import { uploadRoutes } from '../../registrants/index';",
      "import { toUser } from '../../../lib/accounts';",
    ].join('\n');
    expect(boundaryViolations(file, text)).toEqual([
      '../../master-data/users/service: domain "auth" reaches into "master-data"',
      '../../master-data/hooks: domain "auth" reaches into "master-data"',
      '../../registrants/documents/routes: domain "auth" reaches into "registrants"',
      "../../../engine/compile: engine internals (import from the engine's index)",
    ]);
  });

  it('spots files outside the domains that reach past an index', () => {
    const file = path.join(SRC, 'db', 'season', 'bills.ts');
    const text = [
      "import { orderIdPrefix } from '../../modules/payments/charges';",
      "import { regionIndex } from '../../modules/public';",
    ].join('\n');
    expect(boundaryViolations(file, text)).toEqual([
      '../../modules/payments/charges: outside the domains reaches into "payments"',
    ]);
  });

  it('holds for every file of the api (tests included)', () => {
    const files = [...sourceFiles(SRC), ...sourceFiles(path.join(API, 'test'))];
    expect(files.filter((f) => domainOf(f)).length).toBeGreaterThan(200);
    const broken = files.flatMap((f) =>
      boundaryViolations(f, fs.readFileSync(f, 'utf8')).map((v) => `${path.relative(API, f)} → ${v}`),
    );
    expect(broken).toEqual([]);
  });

  it('gives every domain an index', () => {
    const domains = fs.readdirSync(MODULES, { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(domains.map((d) => d.name).sort()).toEqual(
      ['auth', 'content', 'master-data', 'payments', 'public', 'registrants', 'reports', 'tests'].sort(),
    );
    for (const d of domains) expect(fs.existsSync(path.join(MODULES, d.name, 'index.ts'))).toBe(true);
  });
});
