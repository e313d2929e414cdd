import { readFileSync } from 'node:fs';
import pg from 'pg';
import { stateFile } from './env';

export default async function globalTeardown() {
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as {
    pid?: number;
    database?: string;
    baseUrl?: string;
  };
  if (state.pid) {
    try {
      process.kill(state.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    // Give the server time to stop its embedded database cleanly.
    for (let i = 0; i < 40; i++) {
      try {
        process.kill(state.pid, 0);
        await new Promise((r) => setTimeout(r, 250));
      } catch {
        break;
      }
    }
  }
  if (state.database && state.baseUrl) {
    const client = new pg.Client({ connectionString: state.baseUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${state.database} WITH (FORCE)`);
    await client.end();
  }
}
