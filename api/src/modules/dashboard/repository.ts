import { sql } from 'kysely';
import type { DB, Db } from '../../db/kysely';
import { inRoleScope, resourceTable } from '../../lib/role-scope';

/** Live records of each resource that the role may see, in one statement; index in `names` → count. */
export async function countVisible(db: Db, tenantId: number, names: string[], roleId: number | null) {
  const counts = names.map((name, i) =>
    db
      .selectFrom(db.dynamic.table(resourceTable(name) as keyof DB).as('t'))
      .select((eb) => [eb.lit(i).as('i'), eb.fn.countAll<number>().as('n')])
      .where(sql<boolean>`t.tenant_id = ${tenantId} AND t.deleted_at IS NULL`)
      .where(inRoleScope(name, 't', tenantId, roleId)),
  );
  const [first, ...rest] = counts;
  if (!first) return new Map<number, number>();
  const rows = await rest.reduce((q, next) => q.unionAll(next), first).execute();
  return new Map(rows.map((r) => [r.i, r.n]));
}
