import { RESOURCES, voucherResource } from '@psb/contracts';
import type { Pool } from '../db/pool';
import type { TenantConn } from '../db/tenant-db';
import { HttpError } from './http-error';

/**
 * "Still in use" comes from the database's own foreign keys, so a table added by any later migration (a
 * registrant's class, a bill's payment type) protects what it points at without being declared anywhere.
 *
 * A use is a LIVE row of a soft-deletable table (one with `deleted_at`) that points at the record. Tables
 * without soft delete are bookkeeping (revoked tokens, role flags, audit rows) and never block an archive;
 * neither do foreign keys that cascade or set null on delete, which say "owned by", not "uses".
 */
interface Reference {
  table: string;
  column: string;
}

const FOREIGN_KEYS_SQL = `
  SELECT c.confrelid::regclass::text AS target, c.conrelid::regclass::text AS source,
         array(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(n, o)
               JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.o) AS columns,
         array(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(n, o)
               JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.o) AS target_columns
  FROM pg_constraint c
  WHERE c.contype = 'f' AND c.confdeltype NOT IN ('c', 'n', 'd')
    AND c.connamespace = current_schema()::regnamespace
    AND EXISTS (SELECT 1 FROM pg_attribute a
                WHERE a.attrelid = c.conrelid AND a.attname = 'deleted_at' AND NOT a.attisdropped)`;

interface ForeignKeyRow {
  target: string;
  source: string;
  columns: string[];
  target_columns: string[];
}

/** Referencing (table, column) pairs per referenced table, for keys of the form (tenant_id, x) → (tenant_id, id). */
function indexOf(rows: ForeignKeyRow[]): Map<string, Reference[]> {
  const index = new Map<string, Reference[]>();
  for (const r of rows) {
    const at = r.target_columns.indexOf('id');
    const column = r.columns[at];
    if (at < 0 || !column || r.target_columns.length !== 2 || !r.target_columns.includes('tenant_id'))
      continue;
    index.set(r.target, [...(index.get(r.target) ?? []), { table: r.source, column }]);
  }
  return index;
}

const loaded = new WeakMap<Pool, Promise<Map<string, Reference[]>>>();

/** The foreign keys, read from pg_constraint once per pool (the schema only changes with a deploy). */
export function referencesOf(pool: Pool): Promise<Map<string, Reference[]>> {
  let index = loaded.get(pool);
  if (!index) {
    index = pool.query<ForeignKeyRow>(FOREIGN_KEYS_SQL).then(({ rows }) => indexOf(rows));
    // A failed read must not be remembered.
    index.catch(() => loaded.delete(pool));
    loaded.set(pool, index);
  }
  return index;
}

/** Indonesian names of the tables that can use a record, as staff know them. */
const TABLE_LABELS: Record<string, string> = {
  ...Object.fromEntries([...RESOURCES, voucherResource].map((d) => [d.table, d.label])),
  registrants: 'Calon Murid',
};

export const tableLabel = (table: string): string => TABLE_LABELS[table] ?? table;

export interface Use {
  table: string;
  label: string;
  count: number;
}

/**
 * Live rows of the tenant pointing at `table`.`id`, counted over EVERY school: a school-limited role archiving
 * a shared record (a grade for all schools) must not miss the uses in schools it cannot see. The school scope
 * is lifted for these counts only and put back before returning; call it inside the caller's transaction
 * (transaction-local settings), as an archive is.
 */
export async function liveUses(pool: Pool, conn: TenantConn, table: string, id: number): Promise<Use[]> {
  const refs = (await referencesOf(pool)).get(table) ?? [];
  if (refs.length === 0) return [];
  const parts = refs.map(
    (r, i) =>
      `SELECT ${i} AS i, count(*)::int AS n FROM ${r.table} WHERE tenant_id = $1 AND ${r.column} = $2 AND deleted_at IS NULL`,
  );
  const { rows: saved } = await conn.client.query<{ scope: string | null }>(
    "SELECT current_setting('app.school_ids', true) AS scope",
  );
  await conn.client.query("SELECT set_config('app.school_ids', '', true)");
  try {
    const { rows } = await conn.client.query<{ i: number; n: number }>(parts.join(' UNION ALL '), [
      conn.tenantId,
      id,
    ]);
    const counts = new Map<string, number>();
    for (const r of rows) {
      const ref = refs[r.i]!;
      if (r.n > 0) counts.set(ref.table, (counts.get(ref.table) ?? 0) + r.n);
    }
    return [...counts].map(([t, count]) => ({ table: t, label: tableLabel(t), count }));
  } finally {
    await conn.client.query("SELECT set_config('app.school_ids', $1, true)", [saved[0]?.scope ?? '']);
  }
}

/** 409 naming every use and how many, when live records still point at the row. */
export async function assertNotInUse(
  pool: Pool,
  conn: TenantConn,
  target: { table: string; label: string; id: number },
): Promise<void> {
  const uses = await liveUses(pool, conn, target.table, target.id);
  if (uses.length === 0) return;
  const list = uses.map((u) => `${u.count} data ${u.label}`);
  const named = list.length > 1 ? `${list.slice(0, -1).join(', ')} dan ${list.at(-1)}` : list[0];
  throw new HttpError(
    409,
    `${target.label} tidak dapat diarsipkan karena masih digunakan oleh ${named}. Arsipkan atau pindahkan data tersebut terlebih dahulu.`,
  );
}
