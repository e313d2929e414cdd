import { OFFER_MSG, type ParentOffer } from '@psb/contracts';
import type { TenantConn } from '../../../db/tenant-db';
import { writeAudit } from '../../../lib/audit';
import { HttpError, notFound } from '../../../lib/http-error';
import type { AuthContext } from '../../../types';
import { moveByRule, writeHistory } from '../status';
import { agreementFor, sameName, sha256 } from './agreement';
import { giveBackSeat } from './release';
import { lockOffer, offerRows, toOffer } from './repository';

/** The parent's own registrant (404 for anyone else's, like a registrant that does not exist). */
async function ownRegistrant(c: TenantConn, auth: AuthContext, id: number) {
  const r = await c.db
    .selectFrom('registrants')
    .select(['id', 'status', 'reserve_rank', 'school_period_id', 'mst_class_id', 'deleted_at'])
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', id)
    .where('user_id', '=', auth.user.id)
    .executeTakeFirst();
  if (!r) throw notFound();
  return r;
}

/**
 * What the parent sees of the seat: their offer (with the agreement to sign while it is open), or their place on
 * the reserve list and how many seats of the class are still held by unanswered offers — never other names.
 */
export async function parentOffer(c: TenantConn, auth: AuthContext, id: number): Promise<ParentOffer> {
  const r = await ownRegistrant(c, auth, id);
  const row = await offerRows(c).where('o.registrant_id', '=', id).executeTakeFirst();
  const offer = row ? toOffer(row) : null;
  let agreement: ParentOffer['agreement'] = null;
  if (offer?.state === 'open') {
    const a = await agreementFor(c, id);
    if (a) agreement = { title: a.title, text: a.text, parent_name: a.parentName };
  }
  let reserve: ParentOffer['reserve'] = null;
  if (!offer && r.status === 'reserve' && r.reserve_rank !== null && r.deleted_at === null) {
    const ahead = await c.db
      .selectFrom('registrants')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', c.tenantId)
      .where('school_period_id', '=', r.school_period_id)
      .where('mst_class_id', '=', r.mst_class_id)
      .where('status', '=', 'reserve')
      .where('deleted_at', 'is', null)
      .where('reserve_rank', '<', r.reserve_rank)
      .executeTakeFirstOrThrow();
    const held = await c.db
      .selectFrom('offers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', c.tenantId)
      .where('school_period_id', '=', r.school_period_id)
      .where('mst_class_id', '=', r.mst_class_id)
      .where('state', '=', 'open')
      .executeTakeFirstOrThrow();
    reserve = { rank: Number(ahead.n) + 1, held_by_open_offers: Number(held.n) };
  }
  return { offer, agreement, reserve };
}

/** The open offer of the parent's registrant, locked, or the Indonesian reason it cannot be answered. */
async function openOfferOf(c: TenantConn, auth: AuthContext, id: number) {
  await ownRegistrant(c, auth, id);
  const o = await lockOffer(c, id);
  if (!o) throw new HttpError(404, OFFER_MSG.notFound);
  if (o.state !== 'open') throw new HttpError(409, OFFER_MSG.notOpen);
  if (o.past_deadline) throw new HttpError(409, OFFER_MSG.pastDeadline);
  return o;
}

/**
 * The parent accepts the seat by signing the enrolment agreement: the typed full name must be the account's,
 * the consent given; who, when, from which address and the sha-256 of the exact text are kept. Only now can
 * the re-registration bill be paid; with nothing left to pay the registrant is re-registered at once.
 */
export async function signOffer(
  c: TenantConn,
  auth: AuthContext,
  id: number,
  input: { full_name: string; ip: string },
) {
  const o = await openOfferOf(c, auth, id);
  const a = await agreementFor(c, id);
  if (!a) throw notFound();
  if (!sameName(input.full_name, a.parentName))
    throw new HttpError(400, OFFER_MSG.nameMismatch, { full_name: OFFER_MSG.nameMismatch });
  const agreementText = `${a.title}\n\n${a.text}`;
  const hash = sha256(agreementText);
  await c.db
    .insertInto('offer_signatures')
    .values({
      tenant_id: c.tenantId,
      school_id: o.school_id,
      offer_id: o.id,
      user_id: auth.user.id,
      full_name: input.full_name.trim().replace(/\s+/g, ' '),
      ip: input.ip,
      agreement_text: agreementText,
      text_sha256: hash,
    })
    .execute();
  await c.db
    .updateTable('offers')
    .set((eb) => ({ state: 'accepted', answered_at: eb.fn('now'), updated_at: eb.fn('now') }))
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', o.id)
    .execute();
  const r = await c.db
    .selectFrom('registrants')
    .select('status')
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await writeHistory(c.db, c.tenantId, {
    registrantId: id,
    action: 'offer_signed',
    from: r.status,
    to: r.status,
    reason: 'Perjanjian daftar ulang ditandatangani.',
    detail: { text_sha256: hash, ip: input.ip },
    userId: auth.user.id,
  });
  await writeAudit(c, {
    userId: auth.user.id,
    action: 'offer_signed',
    resource: 'offers',
    recordId: o.id,
    before: { state: 'open' },
    after: { state: 'accepted', text_sha256: hash },
  });
  if (!(await feesOutstanding(c, id)))
    await moveByRule(c, {
      id,
      name: 're_register',
      reason: 'Perjanjian ditandatangani; biaya daftar ulang lunas.',
      userId: auth.user.id,
    });
  return hash;
}

/** Whether a re-registration bill (shown at graduation) of the registrant is still unpaid. */
async function feesOutstanding(c: TenantConn, id: number) {
  const row = await c.db
    .selectFrom('registrant_header_payments')
    .select('id')
    .where('tenant_id', '=', c.tenantId)
    .where('registrant_id', '=', id)
    .where('show_at_graduation', '=', true)
    .where('deleted_at', 'is', null)
    .where('state', 'not in', ['paid', 'cancelled'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The parent declines the seat with a reason: the registrant withdraws and the seat goes to the reserve list. */
export async function declineOffer(
  c: TenantConn,
  auth: AuthContext,
  id: number,
  input: { reason: string; note?: string | undefined },
) {
  const o = await openOfferOf(c, auth, id);
  const note = input.note?.trim() || null;
  await c.db
    .updateTable('offers')
    .set((eb) => ({
      state: 'declined',
      decline_reason: input.reason,
      decline_note: note,
      answered_at: eb.fn('now'),
      updated_at: eb.fn('now'),
    }))
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', o.id)
    .execute();
  await writeAudit(c, {
    userId: auth.user.id,
    action: 'offer_declined',
    resource: 'offers',
    recordId: o.id,
    before: { state: 'open' },
    after: { state: 'declined', reason: input.reason },
  });
  return giveBackSeat(c, id, {
    reason: `Menolak kursi: ${input.reason}${note ? ` (${note})` : ''}`,
    userId: auth.user.id,
    action: 'offer_declined',
  });
}
