// Facts about the workspace that the root scripts share: where things are and which apps exist.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const distDir = path.join(root, 'dist');
export const shellDist = path.join(distDir, 'shell');
export const defaultMfeDir = path.join(distDir, 'mfe');

export const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** Folders bundled into every front-end build, so a change there makes every app stale. */
// Every package under shared/, read from disk: a hand-kept list once missed one (resource-ui), and a change
// there left the shell's shared copy stale while the remotes that use it were rebuilt.
export const sharedSourceDirs = readdirSync(path.join(root, 'shared'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(path.join(root, 'shared', d.name, 'package.json')))
  .map((d) => path.join(root, 'shared', d.name));

/** The shell plus every `mfe-*` folder that has a build script. */
export function frontEndApps() {
  const dirs = ['shell', ...readdirSync(root).filter((d) => d.startsWith('mfe-'))];
  return dirs
    .map((dir) => ({ dir, abs: path.join(root, dir), pkgFile: path.join(root, dir, 'package.json') }))
    .filter((a) => existsSync(a.pkgFile) && readJson(a.pkgFile).scripts?.build)
    .map((a) => {
      const pkg = readJson(a.pkgFile);
      return {
        ...a,
        name: pkg.name,
        version: pkg.version,
        isRemote: a.dir !== 'shell',
        mfName: a.dir.replace(/-/g, '_'),
      };
    });
}
