import { rspack } from '@rspack/core';

/**
 * Adds `<link rel="preload">` tags to index.html for the files every page needs before its first render: the
 * chunks of the entry's `import('./bootstrap')` and, followed transitively, the shared-module chunks
 * (React, Mantine through @psb/ui, the router, the session, …) that the federation runtime loads with them.
 * Without these tags the browser learns of those files only once main.js has downloaded and run the
 * federation runtime (a round trip and the runtime's evaluation later, on a phone line); with them they
 * download in parallel with main.js. Lazy imports (pages, dialogs, charts) are not followed: those are
 * other chunk groups, loaded only when used, so nothing is preloaded that the first render does not need.
 */
export class BootPreloadPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('BootPreloadPlugin', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTags.tapPromise(
        'BootPreloadPlugin',
        async (data) => {
          const files = bootFiles(compilation);
          const publicPath = compilation.outputOptions.publicPath;
          const prefix = typeof publicPath === 'string' && publicPath !== 'auto' ? publicPath : '/';
          const tags = files.map((file) => ({
            tagName: 'link',
            voidTag: true,
            attributes: {
              rel: 'preload',
              href: `${prefix}${file}`,
              as: file.endsWith('.css') ? 'style' : 'script',
            },
          }));
          // Stylesheets first: they block the first paint of the app, the scripts only its render.
          tags.sort((a, b) =>
            a.attributes.as === b.attributes.as ? 0 : a.attributes.as === 'style' ? -1 : 1,
          );
          data.assetTags.styles.unshift(...tags);
          return data;
        },
      );
    });
  }
}

/** Files (relative to the output folder) of the bootstrap chunk group and the shared chunks it pulls in. */
function bootFiles(compilation) {
  const { chunkGraph } = compilation;
  const groups = [...compilation.chunkGroups];
  const boot = groups.filter((group) => group.origins.some((origin) => origin.request === './bootstrap'));
  if (boot.length === 0) throw new Error('BootPreloadPlugin: no chunk group for import("./bootstrap")');
  // Where a shared module comes from: the shell provides every one of them (the federation runtime takes the
  // host's copy first), so a consume-shared module is satisfied by the async block of the provide-shared
  // module for the same file, whose chunk group names that provide module as its origin.
  const providedBy = new Map();
  for (const group of groups)
    for (const origin of group.origins) {
      const file = origin.module?.identifier().match(/^provide shared module \(\w+\) \S+ = (.+)$/)?.[1];
      if (file) providedBy.set(file, [...(providedBy.get(file) ?? []), group]);
    }
  const consumedFile = (module) =>
    module.identifier().match(/^consume shared module .*\(fallback: (.+)\)$/)?.[1];
  const seen = new Set();
  const files = new Set();
  const queue = boot.flatMap((group) => group.chunks);
  while (queue.length > 0) {
    const chunk = queue.shift();
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    for (const file of chunk.files) if (/\.(js|css)$/.test(file)) files.add(file);
    for (const module of chunkGraph.getChunkModules(chunk)) {
      const file = consumedFile(module);
      for (const group of (file && providedBy.get(file)) || []) queue.push(...group.chunks);
    }
  }
  return [...files].sort();
}
