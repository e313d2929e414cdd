import type { PoolClient } from '../pool';

/**
 * A column of a bulk insert: its name and PostgreSQL type (the array element type of `unnest`), and the type
 * it is cast to on the way in when that cannot be an array element (e.g. `text[]` sent as `'{a,b}'` text).
 */
export type Column = readonly [name: string, type: string, cast?: string];

const CHUNK = 5000;

/**
 * Rows inserted with one `INSERT … SELECT FROM unnest(…)` per few thousand rows: one array parameter per
 * column, so thousands of rows cost one round trip and row triggers and constraints apply as for any insert.
 */
export async function bulkInsert(
  client: PoolClient,
  table: string,
  columns: readonly Column[],
  rows: unknown[][],
) {
  const names = columns.map((c) => c[0]).join(', ');
  const arrays = columns.map((c, i) => `$${i + 1}::${c[1]}[]`).join(', ');
  const aliases = columns.map((_, i) => `c${i}`).join(', ');
  const picks = columns.map((c, i) => (c[2] ? `c${i}::${c[2]}` : `c${i}`)).join(', ');
  for (let from = 0; from < rows.length; from += CHUNK) {
    const chunk = rows.slice(from, from + CHUNK);
    await client.query(
      `INSERT INTO ${table} (${names}) SELECT ${picks} FROM unnest(${arrays}) AS u(${aliases})`,
      columns.map((_, i) => chunk.map((r) => r[i] ?? null)),
    );
  }
}

/** `n` ids of a table's identity, taken up front so related rows can name each other before they are written. */
export async function nextIds(client: PoolClient, table: string, n: number): Promise<number[]> {
  if (n === 0) return [];
  const { rows } = await client.query<{ id: string }>(
    `SELECT nextval(pg_get_serial_sequence($1, 'id'))::text AS id FROM generate_series(1, $2::int)`,
    [table, n],
  );
  return rows.map((r) => Number(r.id));
}
