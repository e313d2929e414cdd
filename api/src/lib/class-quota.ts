import { type Expression, expressionBuilder, sql } from 'kysely';
import type { DB } from '../db/kysely';

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
