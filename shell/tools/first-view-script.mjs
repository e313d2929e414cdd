import path from 'node:path';
import { rspack } from '@rspack/core';

const NAME = 'first-view';
/** Must match HELD_BOOT_ID in src/boot/sessionFirstView.ts. */
const HELD_BOOT_ID = 'psb-held-boot';

/**
 * Pages with an HTML of their own whose script draws the page's frame from the stored session before the app
 * loads (the api serves each HTML for its path): [script name, its entry, the HTML it goes into].
 */
export const FIRST_VIEW_PAGES = [
  { name: 'home-first-view', entry: './src/homeFirstView.ts', html: 'home.html' },
  { name: 'dashboard-first-view', entry: './src/dashboardFirstView.ts', html: 'admin/dashboard.html' },
];

/**
 * The scripts that draw a page's frame before the app loads, built by their own compiler: in the app's
 * compiler Module Federation adds its runtime to every entry, which would make a 1 KB script 30 KB. The app's
 * compiler runs after this one and puts each script into its page's HTML.
 */
export function firstViewScripts({ dir, mode }) {
  /** HTML file name → the built script's file. */
  const files = new Map();
  const config = {
    name: NAME,
    mode,
    context: dir,
    entry: Object.fromEntries(FIRST_VIEW_PAGES.map((p) => [p.name, p.entry])),
    devtool: false,
    target: 'web',
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } },
          type: 'javascript/auto',
        },
      ],
    },
    // Each page's script stands alone: one request, and nothing of the other page's.
    optimization: { minimize: mode === 'production', splitChunks: false, runtimeChunk: false },
    performance: { hints: false },
    output: {
      path: path.join(dir, 'dist'),
      filename: mode === 'production' ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      clean: false,
      iife: true,
    },
    plugins: [
      {
        apply(compiler) {
          compiler.hooks.done.tap(NAME, (stats) => {
            for (const page of FIRST_VIEW_PAGES) {
              const chunk = stats.compilation.namedChunks.get(page.name);
              const file = [...(chunk?.files ?? [])].find((f) => f.endsWith('.js'));
              if (file) files.set(page.html, file);
            }
          });
        },
      },
    ],
  };
  /** For the app's compiler: keeps the scripts through its output cleaning, puts their tags into the HTML. */
  const appPlugin = {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
        rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTags.tapPromise(
          NAME,
          async (data) => {
            if (!FIRST_VIEW_PAGES.some((p) => p.html === data.outputName)) return data;
            const file = files.get(data.outputName);
            if (!file)
              throw new Error(`${NAME}: the script of ${data.outputName} was not built before the app`);
            // The app's boot (its scripts, and the preloads BootPreloadPlugin added, which ran first) is held
            // back as a list that this script starts once the frame is drawn: otherwise 300 KB of scripts share
            // a phone's line with this small one, and main.js runs between the session read and the drawing.
            const held = (tag) =>
              tag.tagName === 'script' ? !!tag.attributes.src : tag.attributes.rel === 'preload';
            const boot = [...data.assetTags.styles, ...data.assetTags.scripts].filter(held);
            data.assetTags.styles = data.assetTags.styles.filter((tag) => !boot.includes(tag));
            data.assetTags.scripts = [
              {
                tagName: 'script',
                voidTag: false,
                attributes: { defer: true, fetchpriority: 'high', src: `/${file}` },
              },
              {
                tagName: 'script',
                voidTag: false,
                attributes: { type: 'application/json', id: HELD_BOOT_ID },
                innerHTML: JSON.stringify({
                  preload: boot
                    .filter((t) => t.tagName === 'link')
                    .map((t) => [t.attributes.href, t.attributes.as]),
                  scripts: boot.filter((t) => t.tagName === 'script').map((t) => t.attributes.src),
                }),
              },
              ...data.assetTags.scripts.filter((tag) => !boot.includes(tag)),
            ];
            return data;
          },
        );
      });
    },
  };
  // Called with absolute paths, folders included: a folder is kept when a script lies inside it.
  const keep = (target) =>
    [...files.values()].some((file) => {
      const kept = path.join(config.output.path, file);
      return kept === target || kept.startsWith(`${target}${path.sep}`);
    });
  return { config, appPlugin, keep };
}
