/**
 * Bulk rows of any declared resource, for benchmarks (list budget, export budget). Values follow the
 * declaration's fields: texts numbered (unique keys stay unique), numbers and money from the row number,
 * booleans alternating, selects cycling through their options, relations spread over the live records of the
 * target that exist. One INSERT … SELECT over generate_series: 100,000 rows take a few seconds.
 *
 *   DATABASE_URL=postgresql://… pnpm --filter @psb/api exec tsx src/db/bench-data.ts mst_class 10000 [demo]
 *
 * or from code: `await insertBenchRows(ownerPool, { resource: 'mst_class', count: 10_000 })`.
 */
import { type FieldDecl, resourceByName } from '@psb/contracts';
import { benchTenantTx } from './bench-tx';
import { createPool, type Pool } from './pool';

export interface BenchOptions {
  resource: string;
  count: number;
  /** Tenant slug (default demo). */
  tenant?: string;
  /** Prefix of generated texts (default 'Bench'); vary it to insert a second batch. */
  prefix?: string;
}

function valueSql(f: FieldDecl, prefix: string, relIds: Map<string, number[]>): string | null {
  const n = "lpad(g::text, 7, '0')";
  switch (f.input) {
    case 'text':
    case 'textarea':
      return `left('${prefix} ' || '${f.label.replaceAll("'", '')} ' || ${n}, ${f.maxLength ?? 150})`;
    case 'email':
      return `'${prefix.toLowerCase()}' || g || '@contoh.id'`;
    case 'phone':
      return `'0899' || ${n}`;
    case 'number':
      return '(g % 1000)';
    case 'money':
      return '((g % 100) * 25000)';
    case 'boolean':
      return '(g % 2 = 0)';
    case 'date':
      return `(date '2027-01-01' + (g % 365))`;
    case 'select':
      return `(ARRAY[${(f.options ?? []).map((o) => `'${o.value}'`).join(', ')}])[1 + g % ${f.options?.length ?? 1}]`;
    case 'relation': {
      const ids = relIds.get(f.name) ?? [];
      if (ids.length === 0) return f.required ? 'NULL' : null;
      return `(ARRAY[${ids.join(', ')}]::int[])[1 + g % ${ids.length}]`;
    }
    default:
      return null;
  }
}

export async function insertBenchRows(ownerPool: Pool, opts: BenchOptions): Promise<number> {
  const decl = resourceByName(opts.resource);
  if (!decl) throw new Error(`Unknown resource ${opts.resource}`);
  const prefix = (opts.prefix ?? 'Bench').replace(/[^A-Za-z0-9]/g, '');
  const rowCount = await benchTenantTx(ownerPool, opts.tenant ?? 'demo', async ({ client, db, tenantId }) => {
    const relIds = new Map<string, number[]>();
    for (const [column, rel] of Object.entries(decl.relations)) {
      const target = resourceByName(rel.resource)!;
      // A declared resource's table: its name comes from the declarations, not from the database types.
      const rows = await db
        .selectFrom(db.dynamic.table(target.table as 'schools').as('x'))
        .select('x.id')
        .where('x.tenant_id', '=', tenantId)
        .where('x.deleted_at', 'is', null)
        .orderBy('x.id')
        .limit(1000)
        .execute();
      relIds.set(
        column,
        rows.map((r) => r.id),
      );
    }
    const cols: string[] = [];
    const exprs: string[] = [];
    for (const f of decl.fields) {
      const v = f.createOnly ? null : valueSql(f, prefix, relIds);
      if (v === null) continue;
      cols.push(f.name);
      exprs.push(v);
    }
    // Accounts need a password hash; this one matches no password.
    if (decl.table === 'users') {
      cols.push('password_hash');
      exprs.push("'$argon2id$bench-no-login'");
    }
    const res = await client.query(
      `INSERT INTO ${decl.table} (tenant_id, ${cols.join(', ')})
       SELECT $1, ${exprs.join(', ')} FROM generate_series(1, $2::int) AS g`,
      [tenantId, opts.count],
    );
    return res.rowCount ?? 0;
  });
  // Fresh rows: statistics and the visibility map (index-only scans) as a real table would have them.
  await ownerPool.query(`VACUUM ANALYZE ${decl.table}`);
  return rowCount;
}

// CLI: tsx src/db/bench-data.ts <resource> <count> [tenant] [prefix]
if (process.argv[1]?.endsWith('bench-data.ts')) {
  const [resource, count, tenant, prefix] = process.argv.slice(2);
  const url = process.env.DATABASE_URL;
  if (!resource || !count || !url) {
    process.stderr.write(
      'usage: DATABASE_URL=… tsx src/db/bench-data.ts <resource> <count> [tenant] [prefix]\n',
    );
    process.exit(1);
  }
  const pool = createPool(url, { as: 'owner', max: 1 });
  insertBenchRows(pool, { resource, count: Number(count), tenant, prefix })
    .then((n) => process.stdout.write(`Inserted ${n} rows of ${resource}.\n`))
    .finally(() => pool.end());
}
