import {
  type BULK_ACTIONS,
  type HistoryEntry,
  type InformationDetail,
  REGISTRANT_ADMIN_MSG,
  type RegistrantAdminQuery,
  registrantAdminListResponseSchema,
  type TransitionName,
} from '@psb/contracts';
import type { SchoolScope, TenantConn } from '../../../db/tenant-db';
import { writeAudit } from '../../../lib/audit';
import { HttpError, notFound } from '../../../lib/http-error';
import { listVersion } from '../../../lib/list-version';
import { staffMay } from '../../../lib/staff-may';
import type { ServiceContext } from '../../../service-context';
import type { AuthContext } from '../../../types';
import { logSensitiveViews } from '../../master-data';
import { lockClassPeriod, placesTaken, refreshUsedQuota } from '../class-quota';
import { lockRegistrant, transition, writeHistory } from '../status';
import { exportedSensitive } from './export';
import { registrantCounts, registrantPages } from './list-cache';
import {
  activity,
  countedBySummary,
  information,
  listBody,
  moveRegistrant,
  periodOf,
  setArchived,
} from './repository';

const iso = (v: Date | string | null) => (v instanceof Date ? v.toISOString() : v);

/**
 * A page of the staff list with the counts per state under the same filters (the state filter left out) and
 * the total, as the JSON text of the whole answer (built by PostgreSQL, sent as is). The counts come from the
 * running counts when every filter is one of their columns, else from counting the registrants. An answer
 * already given at the list's current version is given again without reading the rows (see `registrantPages`).
 */
export async function listRegistrantsJson(c: TenantConn, q: RegistrantAdminQuery, scope: SchoolScope) {
  const version = await listVersion(c, 'registrants');
  const key = JSON.stringify([c.tenantId, scope, sortedEntries(q)]);
  return registrantPages.get(key, version, async () => {
    const page = q.page ?? 1;
    const limit = q.limit ?? 25;
    if (countedBySummary(q)) return (await listBody(c, q, page, limit, { from: 'summary' })).body;
    const { page: _page, limit: _limit, sort: _sort, order: _order, status: _status, ...filters } = q;
    const countsKey = JSON.stringify([c.tenantId, scope, sortedEntries(filters)]);
    // Counted now, with this page read in the same statement; or known already, and then only the page is read.
    let counted: string | undefined;
    const counts = await registrantCounts.get(countsKey, version, async () => {
      const scanned = await listBody(c, q, page, limit, { from: 'scan' });
      counted = scanned.body;
      return registrantAdminListResponseSchema.shape.counts.parse(JSON.parse(scanned.counts));
    });
    return (
      counted ??
      (await listBody(c, q, page, limit, { from: 'known', countsJson: JSON.stringify(counts) })).body
    );
  });
}

/** A query's parameters in one order, so the same view asked with its parameters reordered is the same key. */
const sortedEntries = (q: object) => Object.entries(q).sort(([a], [b]) => a.localeCompare(b));

export async function informationDetail(c: TenantConn, id: number): Promise<InformationDetail> {
  const r = await information(c.db, c.tenantId, id);
  if (!r) throw notFound();
  const { status, audit } = await activity(c.db, c.tenantId, id);
  const history: HistoryEntry[] = [
    ...status.map((h) => ({
      at: iso(h.at)!,
      source: 'status' as const,
      action: h.action,
      from_status: h.from_status,
      to_status: h.to_status,
      reason: h.reason,
      detail: h.detail,
      user_name: h.user_name,
    })),
    ...audit.map((a) => ({
      at: iso(a.at)!,
      source: 'audit' as const,
      action: a.action,
      from_status: null,
      to_status: null,
      reason: null,
      detail: { before: a.before, after: a.after },
      user_name: a.user_name,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return {
    id: r.id,
    registration_number: r.registration_number,
    name: r.name,
    mst_class_name: r.mst_class_name,
    status: r.status,
    status_note: r.status_note,
    parent: {
      id: r.parent_id,
      name: r.parent_name,
      email: r.parent_email,
      phone_number: r.parent_phone,
      account_pending: r.parent_account_pending,
    },
    token: r.token,
    deleted_at: iso(r.deleted_at),
    withdraw_reason: r.withdraw_reason,
    history,
  };
}

/** A staff transition with its audit row beside the history row (one format for every staff change). */
export async function staffTransition(
  c: TenantConn,
  auth: AuthContext,
  id: number,
  name: TransitionName,
  reason?: string | null,
  overrideReason?: string | null,
) {
  const moved = await transition(c, { id, name, auth, reason, overrideReason });
  await writeAudit(c, {
    userId: auth.user.id,
    action: name,
    resource: 'registrants',
    recordId: id,
    before: { status: moved.from },
    after: {
      status: moved.to,
      ...(reason ? { reason } : {}),
      ...(overrideReason ? { override_reason: overrideReason } : {}),
    },
  });
  return moved;
}

/**
 * Archive / restore. A withdrawn application stays withdrawn (the parent's own decision); a restore takes a
 * class place again, so it is refused when the class is full.
 */
export async function archive(c: TenantConn, auth: AuthContext, id: number, archived: boolean) {
  const r = await lockRegistrant(c.db, c.tenantId, id);
  if (!r) throw notFound();
  if (archived && r.deleted_at !== null) throw notFound();
  if (!archived) {
    if (r.deleted_at === null) throw new HttpError(409, REGISTRANT_ADMIN_MSG.notArchived);
    if (r.status === 'withdrawn') throw new HttpError(409, REGISTRANT_ADMIN_MSG.restoreWithdrawn);
    const place = await lockClassPeriod(c.db, c.tenantId, r.school_period_id, r.mst_class_id);
    if (place && (await placesTaken(c.db, c.tenantId, place.id)) >= place.quota)
      throw new HttpError(409, REGISTRANT_ADMIN_MSG.restoreFull);
  }
  await setArchived(c.db, c.tenantId, id, archived);
  await refreshUsedQuota(c.db, c.tenantId, [{ periodId: r.school_period_id, classId: r.mst_class_id }]);
  const action = archived ? 'archive' : 'restore';
  await writeHistory(c.db, c.tenantId, {
    registrantId: id,
    action,
    from: r.status,
    to: r.status,
    userId: auth.user.id,
  });
  await writeAudit(c, {
    userId: auth.user.id,
    action: archived ? 'delete' : 'restore',
    resource: 'registrants',
    recordId: id,
    before: { archived: !archived },
    after: { archived },
  });
}

/** States in which the class or period may still change: before a result is published. */
const MOVABLE = new Set(['draft', 'form_complete', 'submitted', 'verified', 'scheduled', 'tested']);

/**
 * Moves a registrant to another class (same period) or another period of the same school. The target
 * quota row is locked first and its places counted after, so of two moves into the last place exactly one
 * wins and the other gets 409.
 */
export async function mutate(
  c: TenantConn,
  auth: AuthContext,
  id: number,
  to: { school_period_id?: number; mst_class_id: number; reason?: string },
) {
  const r = await lockRegistrant(c.db, c.tenantId, id);
  if (!r || r.deleted_at !== null) throw notFound();
  if (!MOVABLE.has(r.status)) throw new HttpError(409, REGISTRANT_ADMIN_MSG.movedLocked);
  const periodId = to.school_period_id ?? r.school_period_id;
  const samePeriod = periodId === r.school_period_id;
  if (to.school_period_id !== undefined && samePeriod)
    throw new HttpError(409, REGISTRANT_ADMIN_MSG.samePeriod);
  if (samePeriod && to.mst_class_id === r.mst_class_id)
    throw new HttpError(409, REGISTRANT_ADMIN_MSG.sameClass);
  const period = await periodOf(c.db, c.tenantId, periodId);
  if (!period || period.school_id !== r.school_id)
    throw new HttpError(400, REGISTRANT_ADMIN_MSG.periodOtherSchool, {
      school_period_id: REGISTRANT_ADMIN_MSG.periodOtherSchool,
    });
  const place = await lockClassPeriod(c.db, c.tenantId, periodId, to.mst_class_id);
  if (!place)
    throw new HttpError(400, REGISTRANT_ADMIN_MSG.classMissing, {
      mst_class_id: REGISTRANT_ADMIN_MSG.classMissing,
    });
  if ((await placesTaken(c.db, c.tenantId, place.id)) >= place.quota)
    throw new HttpError(409, REGISTRANT_ADMIN_MSG.quotaFull);

  await moveRegistrant(c.db, c.tenantId, id, {
    school_period_id: periodId,
    mst_class_id: to.mst_class_id,
    school_year_id: period.school_year_id,
  });
  await refreshUsedQuota(c.db, c.tenantId, [
    { periodId: r.school_period_id, classId: r.mst_class_id },
    { periodId, classId: to.mst_class_id },
  ]);
  const before = { school_period_id: r.school_period_id, mst_class_id: r.mst_class_id };
  const after = { school_period_id: periodId, mst_class_id: to.mst_class_id };
  const action = samePeriod ? 'mutation' : 'mutation_period';
  await writeHistory(c.db, c.tenantId, {
    registrantId: id,
    action,
    from: r.status,
    to: r.status,
    reason: to.reason || null,
    detail: { before, after },
    userId: auth.user.id,
  });
  await writeAudit(c, { userId: auth.user.id, action, resource: 'registrants', recordId: id, before, after });
}

type BulkAction = (typeof BULK_ACTIONS)[number];

/** One action on many registrants, each in its own transaction: one refusal does not undo the others. */
export async function bulk(sc: ServiceContext, auth: AuthContext, action: BulkAction, ids: number[]) {
  if (action !== 'verify' && !staffMay(auth, 'Calon Murid', 'delete'))
    throw new HttpError(403, 'Anda tidak memiliki akses.');
  const done: number[] = [];
  const failed: { id: number; message: string }[] = [];
  for (const id of [...new Set(ids)]) {
    try {
      await sc.tx(async (c) => {
        if (action === 'verify') await staffTransition(c, auth, id, 'verify');
        else await archive(c, auth, id, action === 'archive');
      });
      done.push(id);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      failed.push({ id, message: err.message });
    }
  }
  return { done, failed, message: REGISTRANT_ADMIN_MSG.bulkDone(done.length, failed.length) };
}

/** An export with sensitive answers: each registrant in it, and the sensitive answers it carried, is logged. */
export async function logExportedSensitive(c: TenantConn, staffUserId: number, q: RegistrantAdminQuery) {
  const rows = await exportedSensitive(c.db, c.tenantId, q);
  await logSensitiveViews(
    c.db,
    c.tenantId,
    staffUserId,
    'export',
    rows.map((r) => ({ registrantId: r.id, questionNos: r.nos })),
  );
}
