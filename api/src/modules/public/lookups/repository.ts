import type { Expression, ExpressionBuilder } from 'kysely';
import type { DB, Db } from '../../../db/kysely';
import { periodOpenToday } from '../../../lib/period-open';
import { takenPlacesOf } from '../../registrants';

/** A live voucher by code: whether it exists and is still unused (null when there is none). */
export function voucherByCode(db: Db, tenantId: number, voucher: string) {
  return db
    .selectFrom('mst_tokens')
    .select(['id', 'used_at'])
    .where('tenant_id', '=', tenantId)
    .where('token', '=', voucher)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Schools with a period open today; with a voucher only its school (any, when it has none) and its year. */
export function schoolsOpenToday(db: Db, tenantId: number, voucher: string | null) {
  return db
    .selectFrom('schools as s')
    .leftJoin('mst_tokens as k', (j) =>
      j
        .onRef('k.tenant_id', '=', 's.tenant_id')
        .on('k.token', '=', voucher ?? '')
        .on('k.deleted_at', 'is', null),
    )
    .select(['s.id', 's.name'])
    .where('s.tenant_id', '=', tenantId)
    .where('s.deleted_at', 'is', null)
    .$if(voucher !== null, (q) =>
      q
        .where('k.id', 'is not', null)
        .where((eb) => eb.or([eb('k.school_id', 'is', null), eb('k.school_id', '=', eb.ref('s.id'))])),
    )
    .where(({ exists, selectFrom, or }) =>
      exists(
        selectFrom('school_periods as p')
          .select('p.id')
          .whereRef('p.tenant_id', '=', 's.tenant_id')
          .whereRef('p.school_id', '=', 's.id')
          .where('p.deleted_at', 'is', null)
          .where(periodOpenToday('p'))
          .where((eb) =>
            or([eb('k.id', 'is', null), eb('p.school_year_id', '=', eb.ref('k.school_year_id'))]),
          ),
      ),
    )
    .orderBy('s.name')
    .execute();
}

/**
 * No voucher given, or a live voucher that fits the school `s` (its own school, or none) — and, with
 * `schoolYear`, is of that school year.
 */
const voucherFits =
  (voucher: string | null, schoolYear?: Expression<number>) => (eb: ExpressionBuilder<Scope, 's'>) =>
    voucher === null
      ? eb.lit(true)
      : eb.exists(
          eb
            .selectFrom('mst_tokens as v')
            .select('v.id')
            .whereRef('v.tenant_id', '=', 's.tenant_id')
            .where('v.token', '=', voucher)
            .where('v.deleted_at', 'is', null)
            .where((w) => w.or([w('v.school_id', 'is', null), w('v.school_id', '=', w.ref('s.id'))]))
            .$if(schoolYear !== undefined, (q) => q.where('v.school_year_id', '=', schoolYear!)),
        );

type Scope = DB & { s: DB['schools'] };

/** Classes a period offers at the school (by name), with the places left (quota minus live registrants). */
export function classesOfPeriod(
  db: Db,
  tenantId: number,
  periodId: number,
  schoolName: string,
  voucher: string | null,
) {
  return db
    .selectFrom('class_periods as cp')
    .innerJoin('school_periods as p', (j) =>
      j.onRef('p.tenant_id', '=', 'cp.tenant_id').onRef('p.id', '=', 'cp.school_period_id'),
    )
    .innerJoin('schools as s', (j) =>
      j
        .onRef('s.tenant_id', '=', 'p.tenant_id')
        .onRef('s.id', '=', 'p.school_id')
        .on((eb) => eb(eb.fn('lower', ['s.name']), '=', eb.fn('lower', [eb.val(schoolName)]))),
    )
    .innerJoin('mst_classes as k', (j) =>
      j
        .onRef('k.tenant_id', '=', 'cp.tenant_id')
        .onRef('k.id', '=', 'cp.mst_class_id')
        .on('k.deleted_at', 'is', null)
        .on('k.is_active', '=', true),
    )
    .select((eb) => [
      'k.id',
      'k.name',
      'cp.quota',
      eb.fn<number>('greatest', [eb('cp.quota', '-', takenPlacesOf('cp')), eb.lit(0)]).as('remaining'),
    ])
    .where('cp.tenant_id', '=', tenantId)
    .where('cp.school_period_id', '=', periodId)
    .where('cp.deleted_at', 'is', null)
    .where('cp.is_active', '=', true)
    .where((eb) => voucherFits(voucher, eb.ref('p.school_year_id'))(eb))
    .orderBy('k.name')
    .orderBy('k.id')
    .execute();
}

/** Active classes of a school (by name), through their grade (classes of a shared grade included). */
export function classesOfSchool(db: Db, tenantId: number, schoolName: string, voucher: string | null) {
  return db
    .selectFrom('mst_classes as k')
    .innerJoin('mst_grades as g', (j) =>
      j
        .onRef('g.tenant_id', '=', 'k.tenant_id')
        .onRef('g.id', '=', 'k.mst_grade_id')
        .on('g.deleted_at', 'is', null),
    )
    .innerJoin('schools as s', (j) =>
      j
        .onRef('s.tenant_id', '=', 'k.tenant_id')
        .on((eb) => eb(eb.fn('lower', ['s.name']), '=', eb.fn('lower', [eb.val(schoolName)])))
        .on('s.deleted_at', 'is', null),
    )
    .select(['k.id', 'k.name'])
    .where('k.tenant_id', '=', tenantId)
    .where('k.deleted_at', 'is', null)
    .where('k.is_active', '=', true)
    .where((eb) => eb.or([eb('g.school_id', '=', eb.ref('s.id')), eb('g.school_id', 'is', null)]))
    .where(voucherFits(voucher))
    .orderBy('g.name')
    .orderBy('k.name')
    .orderBy('k.id')
    .execute();
}
