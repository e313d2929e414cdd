import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createShellConfig } from '@psb/build';
import { rspack } from '@rspack/core';
import { GenerateSW } from 'workbox-webpack-plugin';
import { BootPreloadPlugin } from './tools/boot-preload.mjs';
import { FIRST_VIEW_PAGES, firstViewScripts } from './tools/first-view-script.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));
const { version } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));

export default (_env, argv) => {
  const mode = argv.mode ?? 'production';
  const firstView = firstViewScripts({ dir, mode });
  const config = createShellConfig({
    dir,
    mode,
    define: { __APP_VERSION__: version },
    plugins: [
      new rspack.HtmlRspackPlugin({ template: './index.html', minify: mode === 'production' }),
      // /home and /admin/dashboard are served these copies (see the api's static files): the same page, plus
      // the script that draws the page's frame from the stored session before the app has loaded.
      ...FIRST_VIEW_PAGES.map(
        ({ html }) =>
          new rspack.HtmlRspackPlugin({
            template: './index.html',
            filename: html,
            minify: mode === 'production',
          }),
      ),
      new BootPreloadPlugin(),
      // After BootPreloadPlugin: it moves that plugin's preload tags of the first-view pages.
      firstView.appPlugin,
      new rspack.CopyRspackPlugin({ patterns: [{ from: 'public', to: '.' }] }),
    ],
  });
  config.output.clean = { keep: firstView.keep };
  config.dependencies = [firstView.config.name];
  if (mode === 'production') config.plugins.push(serviceWorker());
  return [firstView.config, config];
};

/**
 * GenerateSW (InjectManifest does not run under rspack 2). It precaches the shell only; remotes are cached
 * at runtime: the registry and each mf-manifest.json network-first so a new deployment is seen on the next
 * load, the versioned remote files cache-first because a published version never changes.
 */
function serviceWorker() {
  return new GenerateSW({
    swDest: 'sw.js',
    skipWaiting: false,
    clientsClaim: false,
    cleanupOutdatedCaches: true,
    navigateFallback: '/index.html',
    // Pages the server draws itself (the payment simulator's tester page) are not the app's.
    navigateFallbackDenylist: [/^\/api\//, /^\/mfe\//, /^\/simulator\//],
    exclude: [/\.map$/, /^icons\/icon-512\.png$/],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    runtimeCaching: [
      {
        urlPattern: ({ url }) =>
          url.pathname === '/mfe/registry.json' || url.pathname.endsWith('/mf-manifest.json'),
        handler: 'NetworkFirst',
        options: { cacheName: 'mfe-manifests', networkTimeoutSeconds: 5 },
      },
      {
        urlPattern: ({ url }) => url.pathname.startsWith('/mfe/'),
        handler: 'CacheFirst',
        options: {
          cacheName: 'mfe-files',
          expiration: { maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 60 },
        },
      },
    ],
  });
}
