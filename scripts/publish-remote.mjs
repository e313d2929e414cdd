// Builds one remote and publishes it under a new version, then switches the registry to it.
// Usage: node scripts/publish-remote.mjs mfe-public [--version 0.2.0] [--mfe-dir DIR] [--entry-base URL] [--no-build]
import { parseArgs } from 'node:util';
import { buildApp, publishRemote } from './lib/build.mjs';
import { ensureInstalled } from './lib/install.mjs';
import { frontEndApps } from './lib/workspace.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    version: { type: 'string' },
    'mfe-dir': { type: 'string' },
    'entry-base': { type: 'string' },
    'no-build': { type: 'boolean', default: false },
  },
});
const app = frontEndApps().find(
  (a) => a.isRemote && (a.dir === positionals[0] || a.mfName === positionals[0]),
);
if (!app) {
  console.error(
    `Remote tidak dikenal: ${positionals[0] ?? '(kosong)'}. Pilihan: ${frontEndApps()
      .filter((a) => a.isRemote)
      .map((a) => a.dir)
      .join(', ')}`,
  );
  process.exit(2);
}
if (values.version) process.env.MFE_VERSION = values.version;
await ensureInstalled();
if (!values['no-build']) await buildApp(app);
const result = publishRemote(app, {
  version: values.version,
  mfeDir: values['mfe-dir'] ?? process.env.MFE_DIR,
  entryBase: values['entry-base'],
});
console.log(`${app.dir} ${result.version} diterbitkan di ${result.target}`);
