// `pnpm build`: builds every front end (or only stale ones without --all) into dist/.

import { buildFrontEnds } from './lib/build.mjs';
import { ensureInstalled } from './lib/install.mjs';

await ensureInstalled();
await buildFrontEnds({ force: process.argv.includes('--all') });
console.log('Build selesai: dist/shell dan dist/mfe.');
