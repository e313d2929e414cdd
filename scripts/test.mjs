// `npm test` / `pnpm test`: everything CI checks, in order — lint, typecheck, generated db types current,
// OpenAPI lint (Redocly), jest (unit + api against a real PostgreSQL), production build, the scaled-out
// topology under a burst (skipped where Debian's packages cannot be installed), Playwright in Debian's Chromium.
import { existsSync } from 'node:fs';
import { ensureInstalled } from './lib/install.mjs';
import { pnpm } from './lib/run.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Chromium tidak ditemukan di ${chromium}. Pasang dengan: sudo apt-get install -y chromium (atau set CHROMIUM_PATH).`,
  );
  process.exit(1);
}
await ensureInstalled();
for (const step of [
  ['lint'],
  ['typecheck'],
  ['--filter', '@psb/api', 'db:types:check'],
  ['openapi:lint'],
  ['test:unit'],
  ['build'],
  ['test:topology'],
  ['test:e2e'],
]) {
  console.log(`\n▶ pnpm ${step.join(' ')}`);
  await pnpm(['run', ...step]).catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}
