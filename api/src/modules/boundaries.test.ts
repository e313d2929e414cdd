/**
 * Module boundaries: a module (`src/modules/<a>/`) never imports another module's files, and reaches the
 * resource engine only through `src/engine/index.ts`. What several modules need lives in `src/lib/`.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SRC = path.resolve(__dirname, '..');
const MODULES = path.join(SRC, 'modules');
const ENGINE = path.join(SRC, 'engine');

/** The boundary rules a file of module `owner` breaks with its imports (static, dynamic and require). */
function boundaryViolations(file: string, text: string): string[] {
  const owner = path.relative(MODULES, file).split(path.sep)[0];
  const found: string[] = [];
  for (const { fileName: spec } of ts.preProcessFile(text, true, true).importedFiles) {
    if (!spec.startsWith('.')) continue;
    const target = path.resolve(path.dirname(file), spec);
    const rel = path.relative(MODULES, target);
    const other = rel.startsWith('..') ? null : rel.split(path.sep)[0];
    if (other && other !== owner) found.push(`${spec}: module "${owner}" imports module "${other}"`);
    const inEngine = !path.relative(ENGINE, target).startsWith('..');
    if (inEngine && target !== ENGINE && target !== path.join(ENGINE, 'index'))
      found.push(`${spec}: engine internals (import from the engine's index)`);
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('module boundaries', () => {
  it('spots imports of another module, dynamic ones and engine internals included', () => {
    const file = path.join(MODULES, 'me', 'service.ts');
    const text = [
      "import { login } from '../auth/service';",
      "export { HOOKS } from '../master-data/hooks';",
      "const later = () => import('../uploads/routes');",
      "import { compile } from '../../engine/compile';",
      "import { sessionUser } from './repository';",
      "import { registerResource } from '../../engine';",
      "import { toUser } from '../../lib/accounts';",
    ].join('\n');
    expect(boundaryViolations(file, text)).toEqual([
      '../auth/service: module "me" imports module "auth"',
      '../master-data/hooks: module "me" imports module "master-data"',
      '../uploads/routes: module "me" imports module "uploads"',
      "../../engine/compile: engine internals (import from the engine's index)",
    ]);
  });

  it('holds for every file under src/modules (tests included)', () => {
    const files = sourceFiles(MODULES);
    expect(files.length).toBeGreaterThan(20);
    const broken = files.flatMap((f) =>
      boundaryViolations(f, fs.readFileSync(f, 'utf8')).map((v) => `${path.relative(SRC, f)} → ${v}`),
    );
    expect(broken).toEqual([]);
  });
});
