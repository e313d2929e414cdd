import type { InternalListQuery } from '@psb/contracts';
import { sql } from 'kysely';
import type { Db } from '../../../db/kysely';
import { joinPlacement, registrantsAsR } from '../placement';

/** Live internal students (row-level security keeps a school-bound role to its schools). */
function internalStudents(db: Db, tenantId: number, q: InternalListQuery) {
  let b = registrantsAsR(db)
    .where('r.tenant_id', '=', tenantId)
    .where('r.deleted_at', 'is', null)
    .where('r.is_internal', '=', true);
  if (q.school_id) b = b.where('r.school_id', '=', q.school_id);
  if (q.school_period_id) b = b.where('r.school_period_id', '=', q.school_period_id);
  const search = q.search?.trim();
  if (search)
    b = b.where((eb) =>
      eb.or([
        eb('r.name', 'ilike', `%${search.replace(/[\\%_]/g, '\\$&')}%`),
        eb('r.registration_number', '=', search.toUpperCase()),
      ]),
    );
  return b;
}

export async function internalPage(
  db: Db,
  tenantId: number,
  q: InternalListQuery,
  page: number,
  limit: number,
) {
  const [rows, total] = await Promise.all([
    joinPlacement(internalStudents(db, tenantId, q))
      .innerJoin('users as u', (j) =>
        j.onRef('u.tenant_id', '=', 'r.tenant_id').onRef('u.id', '=', 'r.user_id'),
      )
      .select([
        'r.id',
        'r.registration_number',
        'r.name',
        's.name as school_name',
        'p.name as school_period_name',
        'k.name as mst_class_name',
        'r.status',
        'u.name as parent_name',
      ])
      .orderBy('r.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    internalStudents(db, tenantId, q).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Sets the flag on the live registrants among `ids` this connection may see; the ids changed, with before. */
export function lockForMark(db: Db, tenantId: number, ids: number[]) {
  return db
    .selectFrom('registrants')
    .select(['id', 'is_internal'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function setInternal(db: Db, tenantId: number, ids: number[], isInternal: boolean) {
  await db
    .updateTable('registrants')
    .set((eb) => ({ is_internal: isInternal, updated_at: eb.fn('now') }))
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
}
