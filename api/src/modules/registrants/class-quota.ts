import { type Expression, expressionBuilder, sql } from 'kysely';
import type { DB, Db } from '../../db/kysely';

/** The columns of a class quota (class_periods row) that identify its places. */
export interface QuotaRefs {
  tenantId: Expression<number>;
  periodId: Expression<number>;
  classId: Expression<number>;
}

/** Places taken in a class quota: the live registrants of that period and class. */
export function takenPlaces({ tenantId, periodId, classId }: QuotaRefs) {
  const eb = expressionBuilder<DB, never>();
  return eb.fn.coalesce(
    eb
      .selectFrom('registrants as r')
      .select((r) => r.fn.countAll<number>().as('n'))
      .where('r.tenant_id', '=', tenantId)
      .where('r.school_period_id', '=', periodId)
      .where('r.mst_class_id', '=', classId)
      .where('r.deleted_at', 'is', null),
    eb.lit(0),
  );
}

/** Places taken in the class quota under `alias` (a class_periods row). */
export const takenPlacesOf = (alias: string) =>
  takenPlaces({
    tenantId: sql.ref<number>(`${alias}.tenant_id`),
    periodId: sql.ref<number>(`${alias}.school_period_id`),
    classId: sql.ref<number>(`${alias}.mst_class_id`),
  });

/** The active class quota of a period for a class, locked until the transaction ends (places counted apart). */
export function lockClassPeriod(db: Db, tenantId: number, periodId: number, classId: number) {
  return db
    .selectFrom('class_periods as cp')
    .innerJoin('mst_classes as k', (j) =>
      j
        .onRef('k.tenant_id', '=', 'cp.tenant_id')
        .onRef('k.id', '=', 'cp.mst_class_id')
        .on('k.deleted_at', 'is', null)
        .on('k.is_active', '=', true),
    )
    .select(['cp.id', 'cp.quota'])
    .where('cp.tenant_id', '=', tenantId)
    .where('cp.school_period_id', '=', periodId)
    .where('cp.mst_class_id', '=', classId)
    .where('cp.deleted_at', 'is', null)
    .where('cp.is_active', '=', true)
    .forUpdate('cp')
    .executeTakeFirst();
}

/**
 * Places taken in a class quota, counted in a statement of its own: run after the quota row is locked, it
 * sees every move committed before the lock was granted (a count in the locking statement would not).
 */
export async function placesTaken(db: Db, tenantId: number, classPeriodId: number) {
  const row = await db
    .selectFrom('class_periods as cp')
    .select(takenPlacesOf('cp').as('taken'))
    .where('cp.tenant_id', '=', tenantId)
    .where('cp.id', '=', classPeriodId)
    .executeTakeFirstOrThrow();
  return Number(row.taken);
}

/** Stores the taken count of the class quotas of these (period, class) pairs again. */
export async function refreshUsedQuota(
  db: Db,
  tenantId: number,
  places: { periodId: number; classId: number }[],
) {
  for (const p of places)
    await db
      .updateTable('class_periods as cp')
      .set((eb) => ({ used_quota: takenPlacesOf('cp'), updated_at: eb.fn('now') }))
      .where('cp.tenant_id', '=', tenantId)
      .where('cp.school_period_id', '=', p.periodId)
      .where('cp.mst_class_id', '=', p.classId)
      .where('cp.deleted_at', 'is', null)
      .execute();
}

/** Recounts used_quota (live registrants per period and class) of the visible class quotas; rows changed. */
export async function recountUsedQuota(db: Db, tenantId: number, periodId: number | null) {
  const result = await db
    .updateTable('class_periods as u')
    .from((eb) =>
      eb
        .selectFrom('class_periods as t')
        .select(['t.id', takenPlacesOf('t').as('used')])
        .where('t.tenant_id', '=', tenantId)
        .where('t.deleted_at', 'is', null)
        .$if(periodId !== null, (q) => q.where('t.school_period_id', '=', periodId!))
        .as('x'),
    )
    .set((eb) => ({ used_quota: eb.ref('x.used'), updated_at: eb.fn('now') }))
    .where('u.tenant_id', '=', tenantId)
    .whereRef('u.id', '=', 'x.id')
    .where((eb) => eb('u.used_quota', 'is distinct from', eb.ref('x.used')))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
