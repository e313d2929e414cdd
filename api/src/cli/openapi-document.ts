/** The app's OpenAPI document, built exactly as the server builds it but without a database or a socket. */
import path from 'node:path';
import { buildApp } from '../app';
import { createPool } from '../db/pool';
import { findRepoRoot } from '../lib/root';

export async function openApiDocument(): Promise<unknown> {
  const root = findRepoRoot();
  // Never connected: building the routes and the document queries nothing.
  const pool = createPool('postgresql://127.0.0.1:1/openapi', { max: 1 });
  const app = await buildApp({
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
    return app.swagger();
  } finally {
    await app.close();
    await pool.end();
  }
}
