import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRemoteConfig } from '@psb/build';

export default (_env, argv) =>
  createRemoteConfig({
    dir: path.dirname(fileURLToPath(import.meta.url)),
    name: 'mfe_tests',
    exposes: { './routes': './src/routes.tsx' },
    mode: argv.mode,
  });
