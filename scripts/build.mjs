// `pnpm build`: builds every front end (or only stale ones without --all) into dist/ and compiles the api
// into api/dist/ (what `npm start`, the e2e run and the container image run under node).

import { buildApiServer, buildFrontEnds } from './lib/build.mjs';
import { ensureInstalled } from './lib/install.mjs';

await ensureInstalled();
const force = process.argv.includes('--all');
await buildFrontEnds({ force });
await buildApiServer({ force });
console.log('Build selesai: dist/shell, dist/mfe dan api/dist.');
