import fs from 'node:fs';
import path from 'node:path';

/**
 * The repository root is the nearest folder (from the working directory up) holding pnpm-workspace.yaml.
 * We do not use import.meta here: jest compiles this file to CommonJS, where import.meta does not exist.
 */
export function findRepoRoot(start = process.cwd()): string {
  let dir = path.resolve(start);
  for (;;) {
    if (fs.existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(start);
    dir = parent;
  }
}
