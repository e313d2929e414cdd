// Installs the workspace when node_modules is missing or older than the lockfile.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pnpm } from './run.mjs';
import { root } from './workspace.mjs';

export async function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.modules.yaml');
  const lock = path.join(root, 'pnpm-lock.yaml');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('Memasang dependensi (pnpm install)…');
  await pnpm(['install', '--frozen-lockfile']);
}
