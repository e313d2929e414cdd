import type { Db } from '../../db/kysely';

/** Registrants under the alias `r`, the start of every registrant query that shows where one is placed. */
export const registrantsAsR = (db: Db) => db.selectFrom('registrants as r');

/**
 * Joins a registrant's school (`s`), period (`p`), class (`k`) and school year (`y`), for their names; shared by
 * the parent's and the staff's registrant queries.
 */
export function joinPlacement(q: ReturnType<typeof registrantsAsR>) {
  return q
    .innerJoin('schools as s', (j) =>
      j.onRef('s.tenant_id', '=', 'r.tenant_id').onRef('s.id', '=', 'r.school_id'),
    )
    .innerJoin('school_periods as p', (j) =>
      j.onRef('p.tenant_id', '=', 'r.tenant_id').onRef('p.id', '=', 'r.school_period_id'),
    )
    .innerJoin('mst_classes as k', (j) =>
      j.onRef('k.tenant_id', '=', 'r.tenant_id').onRef('k.id', '=', 'r.mst_class_id'),
    )
    .innerJoin('school_years as y', (j) =>
      j.onRef('y.tenant_id', '=', 'r.tenant_id').onRef('y.id', '=', 'r.school_year_id'),
    );
}
