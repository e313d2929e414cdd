import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Owner connection to the embedded PostgreSQL a server started under `dataDir` (for loading bench data). */
export function embeddedUrl(dataDir) {
  const port = readFileSync(path.join(dataDir, 'pg-port'), 'utf8').trim();
  const { pgPassword } = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
  return `postgresql://postgres:${encodeURIComponent(pgPassword)}@127.0.0.1:${port}/postgres`;
}
