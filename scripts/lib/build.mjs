// Builds what changed since the last build: the front ends (assembled into dist/ as the server serves them)
// and the compiled api (api/dist/server.js).
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { precompress } from './compress.mjs';
import { pnpm } from './run.mjs';
import { defaultMfeDir, frontEndApps, readJson, root, sharedSourceDirs, shellDist } from './workspace.mjs';

const STAMP = '.build-stamp';
const SKIP = new Set(['node_modules', 'dist', '.data', 'test-results']);

/** A fingerprint of every source file (path, size, mtime) under the given folders or files. */
function fingerprint(dirs) {
  const hash = createHash('sha256');
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      if (SKIP.has(entry.name)) continue;
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else {
        const s = statSync(file);
        hash.update(`${file}:${s.size}:${s.mtimeMs}\n`);
      }
    }
  };
  for (const d of dirs) {
    if (!existsSync(d)) continue;
    if (statSync(d).isDirectory()) walk(d);
    else hash.update(`${d}:${statSync(d).size}:${statSync(d).mtimeMs}\n`);
  }
  hash.update(process.env.MFE_VERSION ?? '');
  return hash.digest('hex');
}

function writeRegistryEntry(mfeDir, mfName, entry) {
  const file = path.join(mfeDir, 'registry.json');
  const registry = existsSync(file) ? readJson(file) : { remotes: {} };
  registry.remotes[mfName] = entry;
  // Write then rename so a request never reads half a registry.
  writeFileSync(`${file}.tmp`, `${JSON.stringify(registry, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}

/** Copies a built remote to `<mfeDir>/<folder>/<version>/` and points the registry at it. */
export function publishRemote(app, { mfeDir = defaultMfeDir, version, entryBase = '/mfe' } = {}) {
  const v = version ?? process.env.MFE_VERSION ?? app.version;
  const target = path.join(mfeDir, app.dir, v);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  cpSync(path.join(app.abs, 'dist'), target, { recursive: true });
  rmSync(path.join(target, STAMP), { force: true });
  precompress(target);
  writeRegistryEntry(mfeDir, app.mfName, {
    version: v,
    entry: `${entryBase}/${app.dir}/${v}/mf-manifest.json`,
  });
  return { version: v, target };
}

export async function buildApp(app) {
  console.log(`Membangun ${app.dir}…`);
  await pnpm(['--filter', app.name, 'build']);
  writeFileSync(path.join(app.abs, 'dist', STAMP), fingerprint([app.abs, ...sharedSourceDirs]));
}

function isStale(app) {
  const stamp = path.join(app.abs, 'dist', STAMP);
  return !existsSync(stamp) || readFileSync(stamp, 'utf8') !== fingerprint([app.abs, ...sharedSourceDirs]);
}

/** Builds all apps (`force`) or only the stale ones, then assembles dist/shell and dist/mfe. */
export async function buildFrontEnds({ force = false } = {}) {
  const apps = frontEndApps();
  for (const app of apps) if (force || isStale(app)) await buildApp(app);
  rmSync(shellDist, { recursive: true, force: true });
  for (const app of apps) {
    if (app.isRemote) {
      const registry = path.join(defaultMfeDir, 'registry.json');
      const current = existsSync(registry) ? readJson(registry).remotes?.[app.mfName] : undefined;
      const wanted = process.env.MFE_VERSION ?? app.version;
      const published = path.join(defaultMfeDir, app.dir, wanted, 'mf-manifest.json');
      if (force || current?.version !== wanted || !existsSync(published) || isNewer(app, published))
        publishRemote(app);
    } else {
      cpSync(path.join(app.abs, 'dist'), shellDist, {
        recursive: true,
        filter: (src) => !src.endsWith(STAMP),
      });
      precompress(shellDist);
    }
  }
}

const isNewer = (app, publishedFile) =>
  statSync(path.join(app.abs, 'dist', 'mf-manifest.json')).mtimeMs > statSync(publishedFile).mtimeMs;

const apiDir = path.join(root, 'api');
/** What goes into the compiled api: its source, the workspace packages it bundles, its build settings. */
const apiInputs = () => [
  path.join(apiDir, 'src'),
  path.join(apiDir, 'build.mjs'),
  path.join(apiDir, 'package.json'),
  path.join(root, 'shared', 'contracts'),
];

/** Compiles the api to api/dist/server.js (run by `node`) when its sources changed, or always with `force`. */
export async function buildApiServer({ force = false } = {}) {
  const stamp = path.join(apiDir, 'dist', STAMP);
  const print = fingerprint(apiInputs());
  if (!force && existsSync(stamp) && readFileSync(stamp, 'utf8') === print) return;
  console.log('Membangun api…');
  await pnpm(['--filter', '@psb/api', 'build']);
  writeFileSync(stamp, print);
}
