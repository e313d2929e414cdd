import { OFFER_MSG } from '@psb/contracts';
import type { TenantConn } from '../../../db/tenant-db';
import { writeAudit } from '../../../lib/audit';
import { HttpError } from '../../../lib/http-error';
import { lockClassPeriod, placesTaken, refreshUsedQuota } from '../class-quota';
import { undoWithdrawalAfterResult } from '../results';
import { lockRegistrant, moveByRule } from '../status';
import { offerMessage } from './message';
import { openOffer } from './open';
import { lockClassSeats } from './release';

const REISSUE_REASON = 'Penawaran kursi diterbitkan ulang oleh sekolah.';

/** The chosen offers locked in id order; every one must be the caller's to see, or none is touched. */
async function lockChosen(c: TenantConn, ids: number[]) {
  const offers = await c.db
    .selectFrom('offers')
    .select(['id', 'registrant_id', 'state', 'school_period_id', 'mst_class_id', 'deadline_at'])
    .where('tenant_id', '=', c.tenantId)
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
  if (offers.length !== new Set(ids).size) throw new HttpError(404, OFFER_MSG.notFound);
  return offers;
}

/**
 * Whether the seat the registrant's expiry freed has gone on: refilled from the reserve list (an offer names
 * it) or given by staff to a reserve registrant (a reserve move names it).
 */
async function seatPassedOn(c: TenantConn, registrantId: number) {
  const refill = await c.db
    .selectFrom('offers')
    .select('id')
    .where('tenant_id', '=', c.tenantId)
    .where('released_registrant_id', '=', registrantId)
    .executeTakeFirst();
  if (refill) return true;
  const moved = await c.db
    .selectFrom('reserve_moves')
    .select('id')
    .where('tenant_id', '=', c.tenantId)
    .where('withdrawn_registrant_id', '=', registrantId)
    .executeTakeFirst();
  return moved !== undefined;
}

/**
 * Staff open expired offers again (one or many at once, all or none): the registrant takes back the seat the
 * expiry freed — refused (409) when that seat already went to another registrant or the class quota is full,
 * so there are never more offers out than seats — with a new deadline from today, in the history and the
 * audit, and the family is told. Any offer that is not expired refuses the whole request (409).
 */
export async function reissueOffers(c: TenantConn, userId: number, ids: number[]) {
  const offers = await lockChosen(c, ids);
  if (offers.some((o) => o.state !== 'expired')) throw new HttpError(409, OFFER_MSG.notExpired);
  for (const o of offers) {
    // The same order of locks as a refill and a staff-confirmed reserve move: class seats, then the row.
    await lockClassSeats(c, o);
    const r = await lockRegistrant(c.db, c.tenantId, o.registrant_id);
    if (!r || r.status !== 'withdrawn') throw new HttpError(409, OFFER_MSG.notExpired);
    if (await seatPassedOn(c, o.registrant_id)) throw new HttpError(409, OFFER_MSG.seatTaken);
    const quota = await lockClassPeriod(c.db, c.tenantId, o.school_period_id, o.mst_class_id);
    if (quota && (await placesTaken(c.db, c.tenantId, quota.id)) >= quota.quota)
      throw new HttpError(409, OFFER_MSG.classFull);
    await undoWithdrawalAfterResult(c, o.registrant_id);
    await moveByRule(c, {
      id: o.registrant_id,
      name: 'reissue_offer',
      reason: REISSUE_REASON,
      userId,
      detail: { rule: 'offer_reissued', offer_id: o.id },
    });
    await refreshUsedQuota(c.db, c.tenantId, [{ periodId: o.school_period_id, classId: o.mst_class_id }]);
    await openOffer(c, o.registrant_id, { reason: REISSUE_REASON, message: 'reissued' });
    const after = await c.db
      .selectFrom('offers')
      .select('deadline_at')
      .where('tenant_id', '=', c.tenantId)
      .where('id', '=', o.id)
      .executeTakeFirstOrThrow();
    await writeAudit(c, {
      userId,
      action: 'offer_reissued',
      resource: 'offers',
      recordId: o.id,
      before: { state: 'expired', deadline_at: new Date(o.deadline_at).toISOString() },
      after: { state: 'open', deadline_at: new Date(after.deadline_at).toISOString() },
    });
  }
  return offers.length;
}

/** WIB's calendar day, so a staff reminder goes at most once a day per offer. */
const todayInWib = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Jakarta' });

/**
 * Staff remind the families of open offers (one or many): a message each through the outbox, at most once a
 * day per offer, audited. Any offer that is not open refuses the whole request (409). Answers how many
 * messages were written.
 */
export async function remindOffers(c: TenantConn, userId: number, ids: number[]) {
  const offers = await lockChosen(c, ids);
  if (offers.some((o) => o.state !== 'open')) throw new HttpError(409, OFFER_MSG.notOpenToRemind);
  let sent = 0;
  for (const o of offers) {
    if (
      !(await offerMessage(c, o.id, 'reminder', {
        once: `${new Date(o.deadline_at).toISOString()}:${todayInWib()}`,
      }))
    )
      continue;
    sent += 1;
    await writeAudit(c, {
      userId,
      action: 'offer_reminded',
      resource: 'offers',
      recordId: o.id,
      before: null,
      after: { deadline_at: new Date(o.deadline_at).toISOString() },
    });
  }
  return sent;
}
