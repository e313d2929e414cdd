// Compiles the api to plain JavaScript for `node`: one ESM bundle (dist/server.js + source map) with our
// TypeScript and the workspace packages (@psb/*) inlined and every other dependency left to node_modules,
// so native modules (argon2, sharp) and packages that read their own files keep working.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, 'dist');

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [path.join(here, 'src', 'server.ts')],
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  // Bare imports stay external, except the workspace's TypeScript packages which node cannot load.
  plugins: [
    {
      name: 'externals-except-workspace',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@psb/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
  logLevel: 'warning',
});
