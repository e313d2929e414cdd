import type { Db } from '../../../db/kysely';
import { periodOpenToday } from '../../../lib/period-open';

/** Live schools the caller may see (row-level security keeps a role to its schools), with their location (pickers). */
export function visibleSchools(db: Db, tenantId: number) {
  return db
    .selectFrom('schools as t')
    .leftJoin('school_locations as l', (j) =>
      j.onRef('l.tenant_id', '=', 't.tenant_id').onRef('l.id', '=', 't.school_location_id'),
    )
    .select(['t.id', 't.name', 't.level', 't.school_location_id', 'l.name as school_location_name'])
    .where('t.tenant_id', '=', tenantId)
    .where('t.deleted_at', 'is', null)
    .orderBy('t.name')
    .orderBy('t.id')
    .execute();
}

export interface PeriodFilter {
  openToday?: boolean;
  schoolId?: number | undefined;
  /** A school location id or name. */
  location?: string | undefined;
  /** A school year id or name. */
  schoolYear?: string | undefined;
  /** Has (true) or lacks (false) an active class quota. */
  classActive?: boolean | undefined;
}

/** Live periods of live schools the role may see, with school and year names and whether open today. */
export function visiblePeriods(db: Db, tenantId: number, f: PeriodFilter = {}) {
  return db
    .selectFrom('school_periods as t')
    .innerJoin('schools as s', (j) =>
      j.onRef('s.tenant_id', '=', 't.tenant_id').onRef('s.id', '=', 't.school_id'),
    )
    .innerJoin('school_years as y', (j) =>
      j.onRef('y.tenant_id', '=', 't.tenant_id').onRef('y.id', '=', 't.school_year_id'),
    )
    .select([
      't.id',
      't.name',
      't.school_id',
      's.name as school_name',
      't.school_year_id',
      'y.name as school_year_name',
      't.start_date',
      't.end_date',
      't.quota',
      't.is_active',
      periodOpenToday('t').as('is_open'),
    ])
    .where('t.tenant_id', '=', tenantId)
    .where('t.deleted_at', 'is', null)
    .where('s.deleted_at', 'is', null)
    .$if(f.openToday === true, (q) => q.where(periodOpenToday('t')))
    .$if(f.schoolId !== undefined, (q) => q.where('t.school_id', '=', f.schoolId!))
    .$if(f.location !== undefined, (q) =>
      q.where(({ exists, selectFrom, or, eb }) =>
        exists(
          selectFrom('school_locations as l')
            .select('l.id')
            .whereRef('l.tenant_id', '=', 't.tenant_id')
            .whereRef('l.id', '=', 's.school_location_id')
            .where((w) =>
              or([
                w(w.cast('l.id', 'text'), '=', f.location!),
                w(w.fn('lower', ['l.name']), '=', eb.fn('lower', [eb.val(f.location!)])),
              ]),
            ),
        ),
      ),
    )
    .$if(f.schoolYear !== undefined, (q) =>
      q.where((eb) =>
        eb.or([eb(eb.cast('y.id', 'text'), '=', f.schoolYear!), eb('y.name', '=', f.schoolYear!)]),
      ),
    )
    .$if(f.classActive !== undefined, (q) =>
      q.where(({ exists, not, selectFrom }) => {
        const has = exists(
          selectFrom('class_periods as cp')
            .select('cp.id')
            .whereRef('cp.tenant_id', '=', 't.tenant_id')
            .whereRef('cp.school_period_id', '=', 't.id')
            .where('cp.is_active', '=', true)
            .where('cp.deleted_at', 'is', null),
        );
        return f.classActive ? has : not(has);
      }),
    )
    .orderBy('s.name')
    .orderBy('t.start_date')
    .orderBy('t.id')
    .execute();
}

/** Live active classes of a school through their grade (classes of shared grades included). */
export function classesOfSchool(db: Db, tenantId: number, schoolId: number) {
  return db
    .selectFrom('mst_classes as t')
    .innerJoin('mst_grades as g', (j) =>
      j.onRef('g.tenant_id', '=', 't.tenant_id').onRef('g.id', '=', 't.mst_grade_id'),
    )
    .select(['t.id', 't.name', 't.mst_grade_id', 'g.name as mst_grade_name'])
    .where('t.tenant_id', '=', tenantId)
    .where('t.deleted_at', 'is', null)
    .where('t.is_active', '=', true)
    .where('g.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('g.school_id', '=', schoolId), eb('g.school_id', 'is', null)]))
    .orderBy('g.name')
    .orderBy('t.name')
    .orderBy('t.id')
    .execute();
}
