/**
 * What Citus (PostgreSQL sharded by tenant_id) needs of the schema, kept today so the move is a migration, not
 * a rewrite (docs/scaling.md): keys that lead with the distribution column, foreign keys between tenant tables
 * that include it (so both rows live on one shard), row-level policies without subqueries (Citus refuses
 * them), and every tenant-less table marked as a reference or coordinator-local table.
 */
import { z } from 'zod';
import { appPerFile } from '../../test/app-per-file';

const t = appPerFile({ signIn: false });

/** Deliberate exceptions, each with the change it needs when the schema moves to Citus. */
const GLOBAL_KEYS: Record<string, string> = {
  payouts_reference_no_key:
    'Iris notifications name only the reference: becomes a reference table reference_no → tenant_id',
};

const rows = async <T extends z.ZodRawShape>(shape: T, text: string) =>
  z.array(z.object(shape)).parse((await t.ownerPool.query(text)).rows);

const TENANT_TABLES = `SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped
  WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')`;

describe('schema ready for Citus', () => {
  it('every primary and unique key of a tenant table leads with tenant_id', async () => {
    const keys = await rows(
      { name: z.string(), table: z.string(), first: z.string().nullable() },
      `SELECT i.indexrelid::regclass::text AS name, i.indrelid::regclass::text AS "table",
         (SELECT attname::text FROM pg_attribute WHERE attrelid = i.indrelid AND attnum = i.indkey[0]) AS first
       FROM pg_index i WHERE (i.indisunique OR i.indisprimary) AND i.indrelid IN (${TENANT_TABLES})`,
    );
    expect(keys.length).toBeGreaterThan(50);
    const offending = keys.filter((k) => k.first !== 'tenant_id' && !(k.name in GLOBAL_KEYS));
    expect(offending).toEqual([]);
  });

  it('every foreign key between tenant tables includes tenant_id on both sides', async () => {
    const fks = await rows(
      { name: z.string(), table: z.string(), local: z.boolean(), remote: z.boolean() },
      `SELECT con.conname::text AS name, con.conrelid::regclass::text AS "table",
         (SELECT attnum FROM pg_attribute WHERE attrelid = con.conrelid AND attname = 'tenant_id') = ANY (con.conkey) AS local,
         (SELECT attnum FROM pg_attribute WHERE attrelid = con.confrelid AND attname = 'tenant_id') = ANY (con.confkey) AS remote
       FROM pg_constraint con
       WHERE con.contype = 'f' AND con.conrelid IN (${TENANT_TABLES}) AND con.confrelid IN (${TENANT_TABLES})`,
    );
    expect(fks.length).toBeGreaterThan(50);
    expect(fks.filter((f) => !f.local || !f.remote)).toEqual([]);
  });

  it('no row-level policy holds a subquery', async () => {
    const policies = await rows(
      {
        table: z.string(),
        policy: z.string(),
        qual: z.string().nullable(),
        with_check: z.string().nullable(),
      },
      `SELECT tablename::text AS "table", policyname::text AS policy, qual, with_check FROM pg_policies
       WHERE schemaname = current_schema()`,
    );
    expect(policies.length).toBeGreaterThan(80);
    const sub = (e: string | null) => /\bSELECT\b|\bEXISTS\b/i.test(e ?? '');
    expect(
      policies.filter((p) => sub(p.qual) || sub(p.with_check)).map((p) => `${p.table}.${p.policy}`),
    ).toEqual([]);
  });

  it('every table without a tenant is marked as a reference or coordinator-local table', async () => {
    const global = await rows(
      { table: z.string(), kind: z.string().nullable() },
      `SELECT c.relname::text AS "table", obj_description(c.oid, 'pg_class') AS kind
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND c.oid NOT IN (${TENANT_TABLES})`,
    );
    expect(global.map((g) => g.table)).toEqual(expect.arrayContaining(['tenants', 'modules']));
    expect(global.filter((g) => !/^citus: (reference|local) — /.test(g.kind ?? ''))).toEqual([]);
  });
});
