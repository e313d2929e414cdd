import { isSuperadmin, type RoleModule } from '@psb/contracts';
import type { TenantConn } from '../../../db/tenant-db';
import { writeAudit } from '../../../lib/audit';
import { HttpError, notFound } from '../../../lib/http-error';
import { ACCOUNT_SCOPE_MESSAGES, type Actor, roleInScope } from '../account-scope';
import {
  copyModules,
  countLiveSchools,
  liveRole,
  modulesOf,
  replaceSchools,
  saveModules,
  schoolsOf,
} from './repository';

export const ROLE_MESSAGES = {
  superadminModules: 'Hak akses superadmin selalu penuh dan tidak dapat diubah.',
  superadminSchools: 'Superadmin selalu dapat mengakses semua sekolah.',
  unknownModule: 'Modul tidak dikenal.',
  schoolMissing: 'Sekolah yang dipilih tidak ditemukan atau sudah non-aktif.',
  modulesSaved: 'Hak akses berhasil disimpan.',
  modulesCopied: 'Hak akses berhasil disalin.',
  copyIsPost: 'Menyalin hak akses kini memakai POST /copy_role_module/{a}/{b}; GET tidak mengubah apa pun.',
  copySame: 'Peran sumber dan peran tujuan sama: pilih peran lain.',
  schoolsSaved: 'Sekolah peran berhasil disimpan.',
} as const;

/** A live role of the tenant inside the caller's schools, or 404. */
async function role(c: TenantConn, roleId: number) {
  const r = await liveRole(c.db, c.tenantId, roleId);
  if (!r || !(await roleInScope(c.db, c.tenantId, roleId))) throw notFound();
  return r;
}

/**
 * A live role other than superadmin (whose permissions are always full) and other than the caller's own (nobody
 * raises their own permissions or lifts their own limit), or 404 / 409 / 403.
 */
async function editableRole(c: TenantConn, actor: Actor, roleId: number, message: string) {
  const r = await role(c, roleId);
  if (isSuperadmin(r.name)) throw new HttpError(409, message);
  if (r.id === actor.roleId) throw new HttpError(403, ACCOUNT_SCOPE_MESSAGES.ownRoleSettings);
  return r;
}

const flagsMap = (list: RoleModule[]) =>
  Object.fromEntries(
    list.map((m) => [m.mst_module_name, [m.read_action, m.insert_action, m.update_action, m.delete_action]]),
  );

/** Changes a role's module flags through `change`, audited as `action`; returns the flags after. */
async function changeModules(
  c: TenantConn,
  actor: Actor,
  roleId: number,
  action: string,
  change: () => Promise<void>,
) {
  const before = await modulesOf(c.db, c.tenantId, roleId);
  await change();
  const after = await modulesOf(c.db, c.tenantId, roleId);
  await writeAudit(c, {
    userId: actor.id,
    action,
    resource: 'role_module',
    recordId: roleId,
    before: flagsMap(before),
    after: flagsMap(after),
  });
  return after;
}

export async function saveRoleModules(c: TenantConn, actor: Actor, roleId: number, list: RoleModule[]) {
  const r = await editableRole(c, actor, roleId, ROLE_MESSAGES.superadminModules);
  return changeModules(c, actor, r.id, 'update', () => saveModules(c.db, c.tenantId, r.id, list));
}

/** Role `toId` gets `fromId`'s flags; never onto itself, superadmin or the caller's own role. */
export async function copyRoleModules(c: TenantConn, actor: Actor, fromId: number, toId: number) {
  const from = await role(c, fromId);
  if (fromId === toId) throw new HttpError(400, ROLE_MESSAGES.copySame);
  const to = await editableRole(c, actor, toId, ROLE_MESSAGES.superadminModules);
  return changeModules(c, actor, to.id, 'copy', () =>
    copyModules(c.db, c.tenantId, from.id, to.id, isSuperadmin(from.name)),
  );
}

export async function roleSchools(c: TenantConn, roleId: number) {
  await role(c, roleId);
  return schoolsOf(c.db, c.tenantId, roleId);
}

/**
 * Replaces the schools a role is limited to; every one must be a live school of the tenant. A school-limited
 * caller only narrows (the role is inside its schools already, or it would be 404): widening, or the empty
 * list (every school), needs a caller who sees every school.
 */
export async function setRoleSchools(c: TenantConn, actor: Actor, roleId: number, ids: number[]) {
  const r = await editableRole(c, actor, roleId, ROLE_MESSAGES.superadminSchools);
  const before = await schoolsOf(c.db, c.tenantId, r.id);
  const current = new Set(before.map((s) => s.school_id));
  if (actor.schools && (ids.length === 0 || ids.some((id) => !current.has(id))))
    throw new HttpError(403, ACCOUNT_SCOPE_MESSAGES.narrowOnly, {
      school_ids: ACCOUNT_SCOPE_MESSAGES.narrowOnly,
    });
  if ((await countLiveSchools(c.db, c.tenantId, ids)) !== ids.length)
    throw new HttpError(400, ROLE_MESSAGES.schoolMissing, { school_ids: ROLE_MESSAGES.schoolMissing });
  await replaceSchools(c.db, c.tenantId, r.id, ids);
  const after = await schoolsOf(c.db, c.tenantId, r.id);
  await writeAudit(c, {
    userId: actor.id,
    action: 'update',
    resource: 'role_school',
    recordId: r.id,
    before: { school_ids: before.map((s) => s.school_id) },
    after: { school_ids: after.map((s) => s.school_id) },
  });
  return after;
}
