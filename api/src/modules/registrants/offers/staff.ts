import { DECLINE_REASONS, OFFER_MSG, OFFER_VIEW_STATES, type OfferViewState } from '@psb/contracts';
import { sql } from 'kysely';
import type { TenantConn } from '../../../db/tenant-db';
import { writeAudit } from '../../../lib/audit';
import { HttpError } from '../../../lib/http-error';
import { writeHistory } from '../status';
import { offerMessage } from './message';
import { deadlineOn } from './open';
import { offerRows, toOffer, viewStateOf } from './repository';
import { offerSettings } from './settings';

/** Every listed decline reason with how many families gave it (a reason of a withdrawal too), most first. */
function declineReasons(rows: { state: string; decline_reason: string | null }[]) {
  const n = new Map<string, number>(DECLINE_REASONS.map((r) => [r, 0]));
  for (const r of rows)
    if (r.state === 'declined' && r.decline_reason)
      n.set(r.decline_reason, (n.get(r.decline_reason) ?? 0) + 1);
  return [...n].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count);
}

/** A period's offers (filtered by state and name or number) with the count of every state. */
export async function listOffers(
  c: TenantConn,
  q: { school_period_id: number; state?: OfferViewState | undefined; search?: string | undefined },
) {
  const rows = await offerRows(c)
    .where('o.school_period_id', '=', q.school_period_id)
    .orderBy('o.deadline_at')
    .orderBy('o.id')
    .execute();
  const counts = Object.fromEntries(OFFER_VIEW_STATES.map((s) => [s, 0])) as Record<OfferViewState, number>;
  for (const r of rows) counts[viewStateOf(r.state, r.registrant_status)] += 1;
  const needle = q.search?.toLocaleLowerCase('id');
  const data = rows
    .map(toOffer)
    .filter((o) => !q.state || o.view_state === q.state)
    .filter(
      (o) =>
        !needle ||
        (o.name ?? '').toLocaleLowerCase('id').includes(needle) ||
        (o.registration_number ?? '').toLocaleLowerCase('id').includes(needle),
    );
  return {
    data,
    counts,
    settings: await offerSettings(c, q.school_period_id),
    decline_reasons: declineReasons(rows),
  };
}

/**
 * Staff move the deadline of open offers to the end of a later day (one offer or many at once); each move is
 * audited, written in the registrant's history, and the family is told. Returns how many moved.
 */
export async function extendOffers(c: TenantConn, userId: number, ids: number[], day: string) {
  const offers = await c.db
    .selectFrom('offers')
    .select(['id', 'registrant_id', 'deadline_at'])
    .select(sql<boolean>`deadline_at >= ${deadlineOn(day)}`.as('not_later'))
    .where('tenant_id', '=', c.tenantId)
    .where('id', 'in', ids)
    .where('state', '=', 'open')
    .orderBy('id')
    .forUpdate()
    .execute();
  if (offers.length === 0) throw new HttpError(404, OFFER_MSG.notFound);
  if (offers.some((o) => o.not_later))
    throw new HttpError(400, OFFER_MSG.deadlineNotLater, { deadline: OFFER_MSG.deadlineNotLater });
  for (const o of offers) {
    const moved = await c.db
      .updateTable('offers')
      .set((eb) => ({ deadline_at: deadlineOn(day), updated_at: eb.fn('now') }))
      .where('tenant_id', '=', c.tenantId)
      .where('id', '=', o.id)
      .returning('deadline_at')
      .executeTakeFirstOrThrow();
    await writeHistory(c.db, c.tenantId, {
      registrantId: o.registrant_id,
      action: 'offer_extended',
      from: 'accepted',
      to: 'accepted',
      reason: 'Batas daftar ulang diperpanjang.',
      detail: {
        before: new Date(o.deadline_at).toISOString(),
        after: new Date(moved.deadline_at).toISOString(),
      },
      userId,
    });
    await writeAudit(c, {
      userId,
      action: 'offer_extended',
      resource: 'offers',
      recordId: o.id,
      before: { deadline_at: new Date(o.deadline_at).toISOString() },
      after: { deadline_at: new Date(moved.deadline_at).toISOString() },
    });
    await offerMessage(c, o.id, 'extended');
  }
  return offers.length;
}
