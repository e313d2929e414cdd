import path from 'node:path';
import { rspack } from '@rspack/core';

const NAME = 'home-first-view';
/** Must match HELD_BOOT_ID in src/boot/homeFirstView.ts. */
const HELD_BOOT_ID = 'psb-held-boot';

/**
 * The script that draws the parent's home frame before the app loads (src/homeFirstView.ts), built by its
 * own compiler: in the app's compiler Module Federation adds its runtime to every entry, which would make a
 * 1 KB script 30 KB. The app's compiler runs after this one and puts the script into home.html.
 */
export function homeFirstViewScript({ dir, mode }) {
  let file;
  const config = {
    name: NAME,
    mode,
    context: dir,
    entry: { [NAME]: './src/homeFirstView.ts' },
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
    optimization: { minimize: mode === 'production' },
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
            file = [...(stats.compilation.namedChunks.get(NAME)?.files ?? [])].find((f) => f.endsWith('.js'));
          });
        },
      },
    ],
  };
  /** For the app's compiler: keeps the script through its output cleaning, puts its tag into home.html. */
  const appPlugin = {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
        rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTags.tapPromise(
          NAME,
          async (data) => {
            if (data.outputName !== 'home.html') return data;
            if (!file) throw new Error(`${NAME}: the script was not built before the app`);
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
  // Called with absolute paths, folders included: a folder is kept when the script lies inside it.
  const keep = (target) => {
    const kept = path.join(config.output.path, file ?? '');
    return kept === target || kept.startsWith(`${target}${path.sep}`);
  };
  return { config, appPlugin, keep };
}
