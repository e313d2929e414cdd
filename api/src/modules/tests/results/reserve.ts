import { GRADUATION_MSG } from '@psb/contracts';
import type { TenantConn } from '../../../db/tenant-db';
import { writeAudit } from '../../../lib/audit';
import { HttpError, notFound } from '../../../lib/http-error';
import type { AuthContext } from '../../../types';
import {
  lockRegistrant,
  markWithdrawnAfterResult,
  openOffer,
  publishResult,
  refreshUsedQuota,
  seatFreedByWithdrawal,
  transition,
} from '../../registrants';
import { resultMessage } from './message';

/**
 * A registrant who withdraws after the result was published (recorded by staff, with the reason): the state moves to
 * withdrawn, the registrant leaves the active list and the class place is freed. When they had been
 * accepted, their place appears among the reserve proposals — nothing else moves until staff confirm.
 */
export async function staffWithdraw(c: TenantConn, auth: AuthContext, id: number, reason: string) {
  const before = await lockRegistrant(c.db, c.tenantId, id);
  if (!before || before.deleted_at !== null) throw notFound();
  // Before the result the registrant screens handle a withdrawal; here it is the one after the selection.
  const published = await c.db
    .selectFrom('registrants')
    .select('result_published_at')
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  if (!published.result_published_at) throw new HttpError(409, GRADUATION_MSG.withdrawBeforeResult);
  const moved = await transition(c, { id, name: 'withdraw_by_staff', auth, reason });
  const r = (await lockRegistrant(c.db, c.tenantId, id))!;
  await markWithdrawnAfterResult(c, id, reason);
  await refreshUsedQuota(c.db, c.tenantId, [{ periodId: r.school_period_id, classId: r.mst_class_id }]);
  // The freed seat goes to the next reserve registrant by itself unless the period waits for staff.
  if (moved.from === 'accepted') await seatFreedByWithdrawal(c, id, reason, auth.user.id);
  await writeAudit(c, {
    userId: auth.user.id,
    action: 'withdraw_by_staff',
    resource: 'registrants',
    recordId: id,
    before: { status: moved.from },
    after: { status: moved.to, reason },
  });
}

/**
 * Staff confirm one move: the reserve registrant takes the place of the accepted one who withdrew. Both rows
 * are locked; the place must still be free (the unique key on the freed place settles two confirmations at
 * once) and the registrant still first-class reserve material of the same period and class. The registrant
 * gets the withdrawn registrant's accepted status, published at once, and the parent is told.
 */
export async function confirmMove(
  c: TenantConn,
  auth: AuthContext,
  withdrawnId: number,
  registrantId: number,
): Promise<boolean> {
  const gone = await c.db
    .selectFrom('registrants')
    .select([
      'id',
      'status',
      'is_accepted',
      'school_period_id',
      'mst_class_id',
      'mst_accepted_status_id',
      'result_published_at',
    ])
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', withdrawnId)
    .forUpdate()
    .executeTakeFirst();
  if (!gone) throw notFound();
  const filled =
    (await c.db
      .selectFrom('reserve_moves')
      .select('id')
      .where('tenant_id', '=', c.tenantId)
      .where('withdrawn_registrant_id', '=', withdrawnId)
      .executeTakeFirst()) ??
    // A seat the reserve list refilled by itself (an offer made for it) is no longer free.
    (await c.db
      .selectFrom('offers')
      .select('id')
      .where('tenant_id', '=', c.tenantId)
      .where('released_registrant_id', '=', withdrawnId)
      .executeTakeFirst());
  if (
    gone.status !== 'withdrawn' ||
    gone.is_accepted !== true ||
    !gone.result_published_at ||
    !gone.mst_accepted_status_id ||
    filled
  )
    throw new HttpError(409, GRADUATION_MSG.noVacancy);
  const next = await lockRegistrant(c.db, c.tenantId, registrantId);
  if (!next || next.deleted_at !== null) throw notFound();
  if (next.status !== 'reserve') throw new HttpError(409, GRADUATION_MSG.notReserve);
  if (next.school_period_id !== gone.school_period_id || next.mst_class_id !== gone.mst_class_id)
    throw new HttpError(409, GRADUATION_MSG.otherPlace);

  await transition(c, { id: registrantId, name: 'accept', auth });
  await publishResult(c, registrantId, {
    statusId: gone.mst_accepted_status_id,
    by: auth.user.id,
    rank: null,
  });
  await c.db
    .insertInto('reserve_moves')
    .values({
      tenant_id: c.tenantId,
      school_id: next.school_id,
      withdrawn_registrant_id: withdrawnId,
      registrant_id: registrantId,
      mst_accepted_status_id: gone.mst_accepted_status_id,
      confirmed_by: auth.user.id,
    })
    .execute();
  await writeAudit(c, {
    userId: auth.user.id,
    action: 'reserve_moved_up',
    resource: 'registrants',
    recordId: registrantId,
    before: { status: 'reserve' },
    after: { status: 'accepted', replaces: withdrawnId },
  });
  await openOffer(c, registrantId, {
    reason: 'Ditawarkan karena kursi dilepas; dikonfirmasi staf.',
    releasedFrom: withdrawnId,
  });
  return resultMessage(c, registrantId, `graduation:${registrantId}:${gone.mst_accepted_status_id}`);
}
