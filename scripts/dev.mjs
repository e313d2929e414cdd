// `pnpm dev`: every front end rebuilds on change (rspack --watch) and is re-published into dist/ as it does;
// the api restarts on change (tsx watch).
import { cpSync, existsSync, mkdirSync, watch } from 'node:fs';
import path from 'node:path';
import { buildFrontEnds, publishRemote } from './lib/build.mjs';
import { ensureInstalled } from './lib/install.mjs';
import { pnpm } from './lib/run.mjs';
import { frontEndApps, shellDist } from './lib/workspace.mjs';

await ensureInstalled();
await buildFrontEnds();
const apps = frontEndApps();
for (const app of apps) {
  const dist = path.join(app.abs, 'dist');
  mkdirSync(dist, { recursive: true });
  let timer;
  watch(dist, { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!existsSync(path.join(dist, app.isRemote ? 'mf-manifest.json' : 'index.html'))) return;
      if (app.isRemote) publishRemote(app);
      else cpSync(dist, shellDist, { recursive: true });
      console.log(`${app.dir} diperbarui`);
    }, 300);
  });
}
const filters = apps.flatMap((a) => ['--filter', a.name]);
await Promise.all([pnpm(['--parallel', ...filters, 'dev']), pnpm(['--filter', '@psb/api', 'dev'])]);
