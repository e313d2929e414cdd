import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppDeps, buildApp } from '../app';
import { createPool } from '../db/pool';
import { findRepoRoot } from '../lib/root';

/**
 * Runs `use` on the app built exactly as the server builds it but without a database or a socket (for the
 * documents generated from the app: the OpenAPI document, the route index).
 */
export async function withOfflineApp<T>(
  use: (app: FastifyInstance) => T | Promise<T>,
  extra: Pick<AppDeps, 'onRoute'> = {},
): Promise<T> {
  const root = findRepoRoot();
  // Never connected: building the routes queries nothing.
  const pool = createPool('postgresql://127.0.0.1:1/offline', { max: 1 });
  const app = await buildApp({
    ...extra,
    pool,
    config: {
      jwtSecret: 'x'.repeat(32),
      tokenTtl: '12h',
      publicUrl: undefined,
      shellDir: path.join(root, '.no-shell'),
      mfeDir: path.join(root, '.no-mfe'),
      cspExtraOrigins: [],
      trustProxy: false,
      smtpUrl: undefined,
      mailFrom: 'PSB <openapi@psb.local>',
    },
  });
  try {
    await app.ready();
    return await use(app);
  } finally {
    await app.close();
    await pool.end();
  }
}
