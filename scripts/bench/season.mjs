// `pnpm bench --season N`: the data set of a realistic admission season (`npm run demo:season`) in the demo
// tenant of the bench server before anything is measured, so the figures are taken over a mid-season tenant.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { root } from '../lib/workspace.mjs';
import { embeddedUrl } from './embedded-url.mjs';

export function fillSeason(server, report, registrants) {
  const databaseUrl = server.databaseUrl || embeddedUrl(server.dataDir);
  const out = execFileSync(
    'pnpm',
    [
      '--silent',
      '--filter',
      '@psb/api',
      'exec',
      'tsx',
      'src/db/season/cli.ts',
      '--registrants',
      String(registrants),
      '--json',
    ],
    { cwd: path.join(root, 'api'), env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: 'utf8' },
  );
  const summary = JSON.parse(out.trim().split('\n').at(-1));
  report(`demo:season, ${summary.registrants} registrants`, `${(summary.ms / 1000).toFixed(1)} s`);
}
