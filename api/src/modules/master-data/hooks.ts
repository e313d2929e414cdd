import { isSuperadmin, ROLE } from '@psb/contracts';
import type { ResourceHooks } from '../../engine';
import { HttpError } from '../../lib/http-error';
import { HOOK_MESSAGES } from '../../lib/messages';
import { ACCOUNT_SCOPE_MESSAGES, actorOf, roleInScope } from './account-scope';
import {
  addRoleModules,
  classFitsPeriod,
  deactivateOtherYears,
  limitRoleTo,
  roleNames,
  roomForPeriod,
} from './repository';

const BUILT_IN_ROLES = new Set<string>(Object.values(ROLE));

/**
 * Built-in roles keep their names; a new role starts with a role_modules row per module, all flags 0, and, made
 * by a school-limited role, limited to that role's schools (so it stays inside them; it may be narrowed later).
 */
const role: ResourceHooks = {
  beforeWrite({ op, before, values }) {
    const builtIn = before && BUILT_IN_ROLES.has(String(before.name));
    if (
      builtIn &&
      (op === 'delete' || (op === 'update' && values.name !== undefined && values.name !== before.name))
    )
      throw new HttpError(409, HOOK_MESSAGES.builtInRole);
  },
  async afterWrite({ req, op, c, id }) {
    if (op !== 'create') return;
    await addRoleModules(c.db, c.tenantId, id);
    const { schools } = actorOf(req);
    if (schools) await limitRoleTo(c.db, c.tenantId, id, schools);
  },
};

/**
 * Accounts: the password is hashed into password_hash on create, and is temporary (staff chose it); a changed e-mail is no longer verified; only a
 * superadmin may touch superadmin accounts or hand out the superadmin role; nobody archives themselves nor
 * changes their own role; a school-limited role hands out only roles inside its schools (the accounts it may
 * touch at all are the engine's row scope).
 */
const user: ResourceHooks = {
  async beforeWrite({ req, c, op, id, before, input, values }) {
    const actor = req.auth!.user;
    if (!isSuperadmin(actor.role)) {
      const roleIds = [before?.role_id, values.role_id].filter((v) => typeof v === 'number');
      if ((await roleNames(c.db, c.tenantId, roleIds)).some(isSuperadmin))
        throw new HttpError(403, HOOK_MESSAGES.superadminOnly);
    }
    if (op === 'delete' && id === actor.id) throw new HttpError(409, HOOK_MESSAGES.deleteSelf);
    if (typeof values.role_id === 'number' && values.role_id !== before?.role_id) {
      if (id === actor.id) throw new HttpError(403, ACCOUNT_SCOPE_MESSAGES.ownRole);
      if (!(await roleInScope(c.db, c.tenantId, values.role_id)))
        throw new HttpError(403, ACCOUNT_SCOPE_MESSAGES.roleOutside, {
          role_id: ACCOUNT_SCOPE_MESSAGES.roleOutside,
        });
    }
    if (op === 'create') {
      values.password_hash = await req.server.ctx.hasher.hash(String(input.password));
      // Staff chose it: the holder replaces it at the first sign-in.
      values.must_change_password = true;
    }
    if (op === 'update' && values.email !== undefined && values.email !== before?.email)
      values.email_verified_at = null;
  },
};

/** At most one active school year: activating one deactivates the others. */
const schoolYear: ResourceHooks = {
  async afterWrite({ c, id, after }) {
    if (after.is_active !== true || after.deleted_at !== null) return;
    await deactivateOtherYears(c.db, c.tenantId, id);
  },
};

/**
 * A class quota (and a fee line for one class) belongs to a class of the period's school (classes of a shared
 * grade fit every school).
 */
const classPeriod: ResourceHooks = {
  async beforeWrite({ c, op, before, values }) {
    if (op !== 'create' && op !== 'update') return;
    const periodId = values.school_period_id ?? before?.school_period_id;
    const classId = 'mst_class_id' in values ? values.mst_class_id : before?.mst_class_id;
    // No class (a fee line for every class) fits every period.
    if (typeof periodId !== 'number' || typeof classId !== 'number') return;
    if ((await classFitsPeriod(c.db, c.tenantId, periodId, classId)) === false)
      throw new HttpError(400, HOOK_MESSAGES.classOtherSchool, {
        mst_class_id: HOOK_MESSAGES.classOtherSchool,
      });
  },
};

/**
 * A session sits in a room of its period's school (or a shared room) and never offers more seats than the
 * room holds, nor fewer than the registrants already placed in it.
 */
const testDetail: ResourceHooks = {
  async beforeWrite({ c, op, before, values }) {
    if (op !== 'create' && op !== 'update') return;
    const periodId = values.school_period_id ?? before?.school_period_id;
    const roomId = values.mst_room_id ?? before?.mst_room_id;
    const quota = values.quota ?? before?.quota;
    if (typeof periodId !== 'number' || typeof roomId !== 'number' || typeof quota !== 'number') return;
    const room = await roomForPeriod(c.db, c.tenantId, periodId, roomId);
    if (!room) return; // a missing period or room is the engine's own 409
    if (!room.fits)
      throw new HttpError(400, HOOK_MESSAGES.roomOtherSchool, { mst_room_id: HOOK_MESSAGES.roomOtherSchool });
    if (quota > room.capacity) {
      const message = HOOK_MESSAGES.quotaOverCapacity(room.capacity);
      throw new HttpError(400, message, { quota: message });
    }
    const seats = Number(before?.used_quota ?? 0);
    if (quota < seats) {
      const message = HOOK_MESSAGES.quotaBelowSeats(seats);
      throw new HttpError(400, message, { quota: message });
    }
  },
};

export const RESOURCE_HOOKS: Record<string, ResourceHooks> = {
  role,
  user,
  school_year: schoolYear,
  class_period: classPeriod,
  setup_payment: classPeriod,
  mst_test_detail: testDetail,
};
