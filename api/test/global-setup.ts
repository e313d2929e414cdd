/**
 * With DATABASE_URL set (CI), tests use that server. Otherwise one embedded PostgreSQL is started in a temp
 * dir for the whole run, and its URL is handed to the test workers through DATABASE_URL. Either way each
 * test file creates (and drops) its own database — see test/helpers.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../src/db/embedded';

export default async function globalSetup() {
  if (process.env.DATABASE_URL) return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psb-test-pg-'));
  // The cluster runs as OS user postgres when we are root; it must be able to enter the folder.
  fs.chmodSync(dir, 0o755);
  const db = await startEmbeddedPostgres({ dataDir: dir, password: 'test' });
  process.env.DATABASE_URL = db.url;
  (globalThis as { __psbTestPg?: unknown }).__psbTestPg = { db, dir };
}
