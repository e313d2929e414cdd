/** Shell version from package.json, injected at build time (shown as v0.1.3). */
declare const __APP_VERSION__: string;

declare module '*.css';

/** Replaced by rspack with the build mode. */
declare const process: { env: { NODE_ENV?: string } };
