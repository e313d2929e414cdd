import type { Db } from '../../db/kysely';

/** A new role starts with one role_modules row per module, every flag 0 (the column defaults). */
export async function addRoleModules(db: Db, tenantId: number, roleId: number) {
  await db
    .insertInto('role_modules')
    .columns(['tenant_id', 'role_id', 'module_id'])
    .expression((eb) =>
      eb.selectFrom('modules as m').select([eb.val(tenantId).as('t'), eb.val(roleId).as('r'), 'm.id']),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The role is limited to these schools. */
export async function limitRoleTo(db: Db, tenantId: number, roleId: number, schools: readonly number[]) {
  await db
    .insertInto('role_schools')
    .values(schools.map((school_id) => ({ tenant_id: tenantId, role_id: roleId, school_id })))
    .execute();
}

export async function roleNames(db: Db, tenantId: number, roleIds: number[]) {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectFrom('roles')
    .select('name')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', roleIds)
    .execute();
  return rows.map((r) => r.name);
}

/** Deactivates every live school year except `keepId`. */
export async function deactivateOtherYears(db: Db, tenantId: number, keepId: number) {
  await db
    .updateTable('school_years')
    .set((eb) => ({ is_active: false, updated_at: eb.fn('now') }))
    .where('tenant_id', '=', tenantId)
    .where('id', '<>', keepId)
    .where('is_active', '=', true)
    .where('deleted_at', 'is', null)
    .execute();
}

/** Whether the class fits the period's school (its grade is that school's, or shared); undefined if either is missing. */
export async function classFitsPeriod(db: Db, tenantId: number, periodId: number, classId: number) {
  const row = await db
    .selectFrom('school_periods as p')
    .innerJoin('mst_classes as k', (j) => j.onRef('k.tenant_id', '=', 'p.tenant_id').on('k.id', '=', classId))
    .innerJoin('mst_grades as g', (j) =>
      j.onRef('g.tenant_id', '=', 'k.tenant_id').onRef('g.id', '=', 'k.mst_grade_id'),
    )
    .select((eb) =>
      eb
        .or([eb('g.school_id', 'is', null), eb('g.school_id', '=', eb.ref('p.school_id'))])
        .$castTo<boolean>()
        .as('ok'),
    )
    .where('p.tenant_id', '=', tenantId)
    .where('p.id', '=', periodId)
    .executeTakeFirst();
  return row?.ok;
}

/** The room's capacity and whether it belongs to the period's school (or is shared); undefined if either is missing. */
export async function roomForPeriod(db: Db, tenantId: number, periodId: number, roomId: number) {
  return db
    .selectFrom('school_periods as p')
    .innerJoin('mst_rooms as r', (j) => j.onRef('r.tenant_id', '=', 'p.tenant_id').on('r.id', '=', roomId))
    .select((eb) => [
      'r.capacity',
      eb
        .or([eb('r.school_id', 'is', null), eb('r.school_id', '=', eb.ref('p.school_id'))])
        .$castTo<boolean>()
        .as('fits'),
    ])
    .where('p.tenant_id', '=', tenantId)
    .where('p.id', '=', periodId)
    .executeTakeFirst();
}
