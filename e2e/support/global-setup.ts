import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { E2E_PORT, repoRoot, runDir, stateFile } from './env';
import { startServer } from './server';

export default async function globalSetup() {
  if (
    !existsSync(path.join(repoRoot, 'dist', 'shell', 'index.html')) ||
    !existsSync(path.join(repoRoot, 'dist', 'mfe')) ||
    !existsSync(path.join(repoRoot, 'api', 'dist', 'server.js'))
  )
    throw new Error('Build first: pnpm build (front ends into dist/, the api into api/dist/)');
  const server = await startServer(E2E_PORT, runDir);
  writeFileSync(stateFile, JSON.stringify(server));
}
