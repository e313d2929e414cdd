/**
 * Bulk parents with one registrant each, for the notification tests and benchmarks (an audience of
 * thousands). Every second parent has a phone number (WhatsApp), the others only an e-mail. All go into the
 * first period of the tenant that has a class. One INSERT … SELECT each for users and registrants.
 *
 *   DATABASE_URL=postgresql://… pnpm --filter @psb/api exec tsx src/db/bench-registrants.ts 10000 [demo] [prefix]
 */
import { benchTenantTx } from './bench-tx';
import { createPool, type Pool } from './pool';

export interface BenchRegistrants {
  tenantId: number;
  schoolId: number;
  periodId: number;
  count: number;
}

export async function insertBenchRegistrants(
  ownerPool: Pool,
  opts: { count: number; tenant?: string; prefix?: string },
): Promise<BenchRegistrants> {
  const prefix = (opts.prefix ?? 'bench').replace(/[^a-z0-9]/g, '');
  const made = await benchTenantTx(ownerPool, opts.tenant ?? 'demo', async ({ client, db, tenantId }) => {
    const place = await db
      .selectFrom('class_periods as cp')
      .innerJoin('school_periods as p', (j) =>
        j.onRef('p.tenant_id', '=', 'cp.tenant_id').onRef('p.id', '=', 'cp.school_period_id'),
      )
      .select(['p.id as period_id', 'p.school_id', 'p.school_year_id', 'cp.mst_class_id'])
      .where('cp.tenant_id', '=', tenantId)
      .where('p.deleted_at', 'is', null)
      .orderBy('p.id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const role = await db
      .selectFrom('roles')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('name', '=', 'user')
      .executeTakeFirstOrThrow();
    await client.query(
      `INSERT INTO users (tenant_id, name, email, phone_number, password_hash, role_id)
     SELECT $1, 'Orang Tua ' || $3 || ' ' || g, $3 || g || '@contoh.id',
            CASE WHEN g % 2 = 0 THEN '0899' || lpad(g::text, 8, '0') END, '$argon2id$bench-no-login', $4
     FROM generate_series(1, $2::int) AS g`,
      [tenantId, opts.count, prefix, role.id],
    );
    const res = await client.query(
      `INSERT INTO registrants (tenant_id, user_id, school_id, school_period_id, mst_class_id, school_year_id,
                              registration_number, name, status, is_submit, locked, submitted_at)
     SELECT $1, u.id, $3, $4, $5, $6, upper($2) || '-' || u.id, 'Ananda ' || u.name, 'submitted', true, true, now()
     FROM users u WHERE u.tenant_id = $1 AND u.email LIKE $2 || '%@contoh.id'`,
      [tenantId, prefix, place.school_id, place.period_id, place.mst_class_id, place.school_year_id],
    );
    return { tenantId, schoolId: place.school_id, periodId: place.period_id, count: res.rowCount ?? 0 };
  });
  await ownerPool.query('ANALYZE users; ANALYZE registrants');
  return made;
}

// CLI: prints the audience as JSON for the bench script.
if (process.argv[1]?.endsWith('bench-registrants.ts')) {
  const [count, tenant, prefix] = process.argv.slice(2);
  const url = process.env.DATABASE_URL;
  if (!count || !url) {
    process.stderr.write('usage: DATABASE_URL=… tsx src/db/bench-registrants.ts <count> [tenant] [prefix]\n');
    process.exit(2);
  }
  const pool = createPool(url, { as: 'owner', max: 1 });
  insertBenchRegistrants(pool, { count: Number(count), tenant: tenant ?? 'demo', prefix: prefix ?? 'bench' })
    .then((r) => process.stdout.write(`${JSON.stringify(r)}\n`))
    .finally(() => void pool.end());
}
