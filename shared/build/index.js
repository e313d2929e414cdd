// rspack + Module Federation settings shared by the shell and every remote, so that each app's
// rspack.config.mjs stays a few lines and the shared-singleton list cannot drift between builds.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';

const sharedRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/**
 * Third-party packages every app must use as one copy at runtime. @mantine/core, hooks, notifications and
 * modals are deliberately absent: apps reach them only through @psb/ui (one copy, and tree-shaken, because a
 * shared package is always loaded whole). The same holds for react-router, reached only through
 * @psb/router. @mantine/form does not depend on core and is shared on its own, so only pages with a form
 * load it.
 */
const SINGLETONS = ['react', 'react-dom', '@tanstack/react-query', '@mantine/form', 'zustand', 'dayjs'];
/**
 * Our own workspace packages share what their package.json declares under `federation`: `singletons` lists
 * the subpath exports that are one copy for all apps (a key without a trailing slash matches only that exact
 * import, and a shared package is loaded whole, so each domain's subpath is its own module and a remote loads
 * only the domains it imports); `hostProvided` means a remote never bundles a copy and takes the host's.
 * The declaration sits next to the package's `exports`, so adding a subpath and sharing it is one edit there.
 * `@psb/contracts/core` is the zod-free part the shell and the home page boot from. @psb/api-client has no
 * root entry: its session store must be one copy, so every app reaches it through the same subpaths.
 * @psb/resource-ui renders Mantine and mantine-datatable, which are not shared, so only the shell's build of it
 * sees the shell's MantineProvider (the shell imports it for that reason: shell/src/layouts/staffScreens.ts).
 */
function workspaceSingletons() {
  const found = [];
  for (const folder of fs.readdirSync(sharedRoot).sort()) {
    const file = path.join(sharedRoot, folder, 'package.json');
    if (!fs.existsSync(file)) continue;
    const pkg = readJson(file);
    for (const subpath of pkg.federation?.singletons ?? []) {
      if (!pkg.exports?.[subpath])
        throw new Error(`${pkg.name}: federation singleton ${subpath} is not an export`);
      found.push({
        name: subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`,
        version: pkg.version,
        hostProvided: pkg.federation.hostProvided === true,
      });
    }
  }
  return found;
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Installed version of a dependency as seen from `dir` (walks up from its entry to its package.json). */
function installedVersion(dir, name) {
  const require = createRequire(path.join(dir, 'package.json'));
  let current = path.dirname(require.resolve(name));
  while (current !== path.dirname(current)) {
    const file = path.join(current, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = readJson(file);
      if (pkg.name === name) return pkg.version;
    }
    current = path.dirname(current);
  }
  throw new Error(`Cannot find the version of ${name} from ${dir}`);
}

/**
 * The `shared` option of the federation plugin. Versions are real semver ranges (never `workspace:*` or
 * `catalog:`), so a remote built later against a compatible version still shares the host's copy.
 */
export function sharedSingletons(dir) {
  const shared = {};
  const add = (key, version) => {
    shared[key] = { singleton: true, requiredVersion: `^${version}`, version };
  };
  for (const name of SINGLETONS) {
    const version = installedVersion(dir, name);
    add(name, version);
    // Deep imports such as react/jsx-runtime and react-dom/client must be the same copy too.
    if (name === 'react' || name === 'react-dom') add(`${name}/`, version);
  }
  for (const { name, version } of workspaceSingletons()) add(name, version);
  return shared;
}

/**
 * Shared packages the host bundles into its entry chunk (`eager`) instead of a chunk of their own: each
 * federation chunk is one more request on every first load (about 1 KB of response headers alone), and the
 * shell's boot path needs these at once. Only a package that imports no other shared package can be eager.
 * Remotes still take the host's copy from the share scope.
 */
const HOST_EAGER = ['@psb/contracts/core'];

function hostShared(dir) {
  const shared = sharedSingletons(dir);
  for (const name of HOST_EAGER) shared[name] = { ...shared[name], eager: true };
  return shared;
}

function remoteShared(dir) {
  const shared = sharedSingletons(dir);
  for (const { name, hostProvided } of workspaceSingletons())
    if (hostProvided) shared[name] = { ...shared[name], import: false };
  return shared;
}

/**
 * rspack's federation plugin imports the federation runtime by its CommonJS builds: the bundler runtime and
 * the shell's inject-external-runtime-core plugin by path, `@module-federation/runtime` through an alias.
 * Those pull in the whole CommonJS @module-federation/sdk (Node.js loaders included). The ES module builds
 * are the same code and let the unused parts be tree-shaken: remoteEntry.js shrank by a third, the shell's
 * main.js by about 5 KB gzip. All three must switch together, or a build holds both copies of the runtime
 * core and the sdk.
 */
const CJS_FEDERATION_ENTRY =
  /(?:webpack-bundler-runtime|inject-external-runtime-core-plugin)[\\/]dist[\\/]index\.cjs$/;

function esmFederationRuntime() {
  return new rspack.NormalModuleReplacementPlugin(CJS_FEDERATION_ENTRY, (data) => {
    data.request = data.request.replace(/index\.cjs$/, 'index.js');
  });
}

/** `@module-federation/runtime`'s ES module entry, found the way the federation plugin finds its CommonJS one. */
function esmRuntimeAlias() {
  const enhanced = createRequire(import.meta.url).resolve('@module-federation/enhanced/rspack');
  const tools = createRequire(enhanced).resolve('@module-federation/runtime-tools');
  const runtime = createRequire(tools).resolve('@module-federation/runtime');
  // The federation plugin adds its own alias under this key; a user alias with the same key replaces it.
  return { '@module-federation/runtime': runtime.replace(/index\.cjs$/, 'index.js') };
}

/**
 * The browsers the CSS is written for: those that run the es2022 the scripts are compiled to (nothing older
 * can start the app). Left to its default ("fully supports es6"), the CSS minifier rewrote every logical
 * property and `:dir()` of Mantine's styles into long `:lang(ar), :lang(he), …` fallbacks for browsers the
 * scripts do not run on: Mantine's stylesheet grew from about 230 KB to 640 KB, parsed on the main thread of
 * every first load and matched against every element.
 */
const CSS_TARGETS = ['chrome >= 94', 'edge >= 94', 'firefox >= 93', 'safari >= 15.4', 'ios_saf >= 15.4'];

function swcRule(isProduction) {
  return {
    test: /\.(t|j)sx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: !isProduction } },
        target: 'es2022',
      },
    },
    type: 'javascript/auto',
  };
}

function baseConfig({ dir, mode }) {
  const isProduction = mode === 'production';
  return {
    mode,
    context: dir,
    entry: { main: './src/index.ts' },
    devtool: isProduction ? false : 'source-map',
    resolve: { extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'], alias: esmRuntimeAlias() },
    module: {
      rules: [
        swcRule(isProduction),
        // Plain .css stays global (Mantine's layered styles); *.module.css becomes CSS modules.
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(png|svg|jpe?g|webp)$/, type: 'asset/resource' },
      ],
    },
    optimization: {
      minimize: isProduction,
      minimizer: [
        new rspack.SwcJsMinimizerRspackPlugin(),
        new rspack.LightningCssMinimizerRspackPlugin({ minimizerOptions: { targets: CSS_TARGETS } }),
      ],
    },
    performance: { hints: false },
    // A chunk that has not arrived after 120 s counts as failed.
    output: { path: path.join(dir, 'dist'), chunkLoadTimeout: 120_000, clean: true },
  };
}

function modeFrom(mode) {
  return mode ?? (process.env.NODE_ENV === 'development' ? 'development' : 'production');
}

/**
 * A remote: `name` is its federation name (mfe_x), `exposes` usually `{ './routes': './src/routes.tsx' }`.
 * The version shown in the UI is MFE_VERSION when set (a re-publish under a new folder), else package.json's.
 */
export function createRemoteConfig({ dir, name, exposes, mode: requested }) {
  const mode = modeFrom(requested);
  const base = baseConfig({ dir, mode });
  const version = process.env.MFE_VERSION || readJson(path.join(dir, 'package.json')).version;
  return {
    ...base,
    output: {
      ...base.output,
      publicPath: 'auto',
      uniqueName: name,
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      cssFilename: '[name].[contenthash:8].css',
      cssChunkFilename: '[name].[contenthash:8].css',
    },
    plugins: [
      esmFederationRuntime(),
      new rspack.DefinePlugin({ __REMOTE_VERSION__: JSON.stringify(version) }),
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes,
        shared: remoteShared(dir),
        manifest: true,
        dts: false,
        // Use the federation runtime the shell provides (provideExternalRuntime) instead of shipping a second
        // copy in every remoteEntry.js. Such a remote can only be loaded by that host, which is the only use.
        experiments: { externalRuntime: true },
      }),
    ],
  };
}

/** A chunk that only a consume-shared module's fallback loads. */
const isConsumeFallback = (chunk) =>
  [...chunk.groupsIterable].every((group) =>
    group.origins.every((origin) => origin.module?.identifier().startsWith('consume shared module')),
  );

/**
 * The host's chunk splitting. Each shared package is built twice: as the copy the host provides and as the
 * fallback of the host's own imports, which never loads (the host always has its provided copy). Left to the
 * defaults, a package's libraries were split into a chunk of their own as common to both (or as a vendor
 * chunk of 20 KB or more), so the copy that does load cost two requests where one carries the same code;
 * every request costs about 1 KB of headers. So fallback chunks take no part in splitting, and libraries
 * are split out only when two chunks that can load share them.
 */
function hostSplitChunks() {
  return {
    chunks: (chunk) => !chunk.canBeInitial() && !isConsumeFallback(chunk),
    cacheGroups: {
      defaultVendors: {
        test: /[\\/]node_modules[\\/]/,
        priority: -10,
        reuseExistingChunk: true,
        minChunks: 2,
      },
    },
  };
}

/**
 * The host. Remotes are not known at build time: the shell reads /mfe/registry.json at boot and registers
 * them at runtime, so `remotes` stays empty. `plugins` adds app-specific plugins (HTML, PWA).
 */
export function createShellConfig({ dir, mode: requested, plugins = [], define = {} }) {
  const mode = modeFrom(requested);
  const base = baseConfig({ dir, mode });
  return {
    ...base,
    optimization: { ...base.optimization, splitChunks: hostSplitChunks() },
    output: {
      ...base.output,
      publicPath: '/',
      uniqueName: 'shell',
      filename: mode === 'production' ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      chunkFilename: 'assets/[name].[contenthash:8].js',
      cssFilename: 'assets/[name].[contenthash:8].css',
      cssChunkFilename: 'assets/[name].[contenthash:8].css',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
    },
    devServer: { historyApiFallback: true },
    plugins: [
      esmFederationRuntime(),
      new rspack.DefinePlugin(
        Object.fromEntries(Object.entries(define).map(([key, value]) => [key, JSON.stringify(value)])),
      ),
      new ModuleFederationPlugin({
        name: 'shell',
        remotes: {},
        shared: hostShared(dir),
        shareStrategy: 'loaded-first',
        dts: false,
        experiments: {
          // Puts the runtime on globalThis for the remotes (built with externalRuntime), so it is loaded once.
          provideExternalRuntime: true,
          // Browser only: drops the runtime's Node.js entry loading.
          optimization: { target: 'web' },
        },
      }),
      ...plugins,
    ],
  };
}
