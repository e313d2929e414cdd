// Reading the topology's database directly (as the schema's owner), for what a check compares with the api.
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from '../workspace.mjs';

const pg = createRequire(path.join(root, 'api/package.json'))('pg');

/** One statement on a connection of its own; resolves its rows. */
export async function query(url, text, params = []) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text, params)).rows;
  } finally {
    await c.end();
  }
}
