/**
 * A list read planned for its page keeps one prepared statement per page and size on each connection; staff
 * paging through thousands of pages must not make a connection hold thousands of them.
 */
import { sql } from 'kysely';
import { appPerFile } from '../../test/app-per-file';
import { demo } from '../../test/parent-journey';
import { createPool } from '../db/pool';
import { EVERY_SCHOOL, withTenant } from '../db/tenant-db';
import { executePagePlanned, PREPARED_PER_CONNECTION } from './page-planned-statement';

const t = appPerFile({ signIn: false });

it('holds at most a bounded number of statements per connection, and the latest still answer', async () => {
  const { tenant_id } = await demo(t);
  const pool = createPool(t.databaseUrl, { max: 1 });
  try {
    const pages = PREPARED_PER_CONNECTION + 10;
    await withTenant(
      pool,
      tenant_id,
      async (c) => {
        for (let page = 0; page < pages; page++) {
          const rows = await executePagePlanned(
            c,
            'paging_test',
            c.db.selectFrom('schools').select('id').orderBy('id').limit(sql.lit(1)).offset(sql.lit(page)),
          );
          expect(rows.length).toBeLessThanOrEqual(1);
        }
        const held = await c.client.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'paging_test_%'",
        );
        expect(held.rows[0]!.n).toBe(PREPARED_PER_CONNECTION);
        const first = await executePagePlanned(
          c,
          'paging_test',
          c.db.selectFrom('schools').select('id').orderBy('id').limit(sql.lit(1)).offset(sql.lit(0)),
        );
        expect(first).toHaveLength(1);
        // Asked again, the first page was prepared anew: the oldest went to make room for it.
        const again = await c.client.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'paging_test_%'",
        );
        expect(again.rows[0]!.n).toBe(PREPARED_PER_CONNECTION);
      },
      EVERY_SCHOOL,
    );
  } finally {
    await pool.end();
  }
});
