/** api/ROUTES.md: every /api route with its access and the file that declares it, read from the built app. */
import path from 'node:path';

import type { RouteOptions } from 'fastify';
import { findRepoRoot } from '../lib/root';
import type { Access } from '../types';
import { withOfflineApp } from './offline-app';

const API_DIR = path.join(findRepoRoot(), 'api');
export const ROUTE_INDEX_FILE = path.join(API_DIR, 'ROUTES.md');

/** Code-point order: the same on every machine, whatever its locale. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const accessText = (a: Access) => (typeof a === 'string' ? a : `${a.module}: ${a.action}`);

/**
 * The file of the first frame of the call that added the route outside the packages: the `app.get(…)` line of
 * a routes file (or the engine's, for the resources it serves).
 */
function declaringFile(stack: string | undefined): string {
  for (const line of (stack ?? '').split('\n').slice(1)) {
    const file = /\(?((?:file:\/\/)?\/[^():]+\.[cm]?[jt]s):\d+:\d+\)?$/
      .exec(line.trim())?.[1]
      ?.replace('file://', '');
    if (!file || file.includes(`${path.sep}node_modules${path.sep}`) || file.endsWith('/cli/route-index.ts'))
      continue;
    if (file.startsWith(API_DIR)) return path.relative(API_DIR, file).split(path.sep).join('/');
  }
  return '(a package)';
}

export async function routeIndex(): Promise<string> {
  const files = new Map<string, string>();
  const record = (route: RouteOptions) => {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 80;
    const file = declaringFile(new Error().stack);
    Error.stackTraceLimit = limit;
    for (const m of ([] as string[]).concat(route.method)) files.set(`${m} ${route.url}`, file);
  };
  const routes = await withOfflineApp((app) => [...app.routeAccess], { onRoute: record });
  const rows = routes
    .map((r) => ({ ...r, file: files.get(`${r.method} ${r.url}`) ?? '(unknown)' }))
    .sort((a, b) => byText(a.url, b.url) || byText(a.method, b.method));
  return [
    '# api routes',
    '',
    'Generated from the running app’s route table by `pnpm --filter @psb/api routes:index`; a test fails when it',
    'is stale. Access: `public` (anyone), `user` (any signed-in account), or `module: action` (a staff role',
    'needs that flag on the Hak Akses page). File: where the route is declared.',
    '',
    '| Method | Path | Access | File |',
    '| --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r.method} | \`${r.url}\` | ${accessText(r.access)} | \`${r.file}\` |`),
    '',
  ].join('\n');
}
