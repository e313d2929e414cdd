import fs from 'node:fs';
import type { EmbeddedDatabase } from '../src/db/embedded';

export default async function globalTeardown() {
  const state = (globalThis as { __psbTestPg?: { db: EmbeddedDatabase; dir: string } }).__psbTestPg;
  if (!state) return;
  await state.db.stop();
  fs.rmSync(state.dir, { recursive: true, force: true });
}
