import type { RoleModule } from '@psb/contracts';
import type { Db } from '../../../db/kysely';
import { roleModulesOf, toRoleModules } from '../../../lib/accounts';

export function liveRole(db: Db, tenantId: number, roleId: number) {
  return db
    .selectFrom('roles')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', roleId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function modulesOf(db: Db, tenantId: number, roleId: number): Promise<RoleModule[]> {
  const row = await db
    .selectNoFrom((eb) => roleModulesOf(eb.val(tenantId), eb.val(roleId)).as('data'))
    .executeTakeFirstOrThrow();
  return toRoleModules(row.data);
}

const FLAGS = ['read_action', 'insert_action', 'update_action', 'delete_action'] as const;

/** Upserts the given modules' flags of a role (modules left out keep theirs). */
export async function saveModules(db: Db, tenantId: number, roleId: number, list: RoleModule[]) {
  if (list.length === 0) return;
  await db
    .insertInto('role_modules')
    .values(
      list.map((m) => ({
        tenant_id: tenantId,
        role_id: roleId,
        module_id: db.selectFrom('modules').select('id').where('name', '=', m.mst_module_name),
        read_action: m.read_action,
        insert_action: m.insert_action,
        update_action: m.update_action,
        delete_action: m.delete_action,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'role_id', 'module_id'])
        .doUpdateSet((eb) => Object.fromEntries(FLAGS.map((f) => [f, eb.ref(`excluded.${f}`)]))),
    )
    .execute();
}

/** Role `toId` gets every module flag of `fromId` (all 1 when `all`: a superadmin's rows may be stale). */
export async function copyModules(db: Db, tenantId: number, fromId: number, toId: number, all: boolean) {
  await db
    .insertInto('role_modules')
    .columns(['tenant_id', 'role_id', 'module_id', ...FLAGS])
    .expression((eb) =>
      eb
        .selectFrom('modules as m')
        .leftJoin('role_modules as a', (j) =>
          j.on('a.tenant_id', '=', tenantId).on('a.role_id', '=', fromId).onRef('a.module_id', '=', 'm.id'),
        )
        .select((s) => [
          s.val(tenantId).as('tenant_id'),
          s.val(toId).as('role_id'),
          'm.id',
          ...FLAGS.map((f) => (all ? s.lit(1) : s.fn.coalesce(`a.${f}`, s.lit(0))).as(f)),
        ]),
    )
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'role_id', 'module_id'])
        .doUpdateSet((eb) => Object.fromEntries(FLAGS.map((f) => [f, eb.ref(`excluded.${f}`)]))),
    )
    .execute();
}

export function schoolsOf(db: Db, tenantId: number, roleId: number) {
  return db
    .selectFrom('role_schools as rs')
    .innerJoin('schools as s', (j) =>
      j.onRef('s.tenant_id', '=', 'rs.tenant_id').onRef('s.id', '=', 'rs.school_id'),
    )
    .select(['rs.school_id', 's.name as school_name'])
    .where('rs.tenant_id', '=', tenantId)
    .where('rs.role_id', '=', roleId)
    .orderBy('s.name')
    .execute();
}

export async function countLiveSchools(db: Db, tenantId: number, ids: number[]) {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom('schools')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function replaceSchools(db: Db, tenantId: number, roleId: number, ids: number[]) {
  await db
    .deleteFrom('role_schools')
    .where('tenant_id', '=', tenantId)
    .where('role_id', '=', roleId)
    .execute();
  if (ids.length === 0) return;
  await db
    .insertInto('role_schools')
    .values(ids.map((school_id) => ({ tenant_id: tenantId, role_id: roleId, school_id })))
    .execute();
}
