/** This remote's published version (MFE_VERSION or package.json), injected at build time. */
declare const __REMOTE_VERSION__: string;

declare module '*.module.css' {
  const classes: Record<string, string>;
  export default classes;
}
