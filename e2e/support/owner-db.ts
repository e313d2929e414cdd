import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { runDir, stateFile } from './env';

/**
 * An owner connection to the database of the server under test, for setting up what another feature's
 * screens would make (e.g. seats of a test session). The embedded PostgreSQL's port and password are in the
 * run's data directory; with E2E_DATABASE_URL the run's own database on that server is used.
 */
export async function ownerDb() {
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as { database?: string; baseUrl?: string };
  let url: string;
  if (state.baseUrl && state.database) {
    const u = new URL(state.baseUrl);
    u.pathname = `/${state.database}`;
    url = u.toString();
  } else {
    const dataDir = path.join(runDir, 'data');
    const port = readFileSync(path.join(dataDir, 'pg-port'), 'utf8').trim();
    const { pgPassword } = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
    url = `postgresql://postgres:${encodeURIComponent(pgPassword)}@127.0.0.1:${port}/postgres`;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}
