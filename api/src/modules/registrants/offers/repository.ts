import type { Offer, OfferViewState } from '@psb/contracts';
import { sql } from 'kysely';
import type { TenantConn } from '../../../db/tenant-db';

/** Offers with their registrant and first signature, as both the parent and staff see them. */
export function offerRows(c: TenantConn) {
  return c.db
    .selectFrom('offers as o')
    .innerJoin('registrants as r', (j) =>
      j.onRef('r.tenant_id', '=', 'o.tenant_id').onRef('r.id', '=', 'o.registrant_id'),
    )
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('offer_signatures')
          .select(['tenant_id', 'offer_id'])
          .select((s) => [
            s.fn.min('signed_at').as('signed_at'),
            sql<string>`string_agg(full_name, ', ')`.as('signed_by'),
          ])
          .groupBy(['tenant_id', 'offer_id'])
          .as('s'),
      (j) => j.onRef('s.tenant_id', '=', 'o.tenant_id').onRef('s.offer_id', '=', 'o.id'),
    )
    .select([
      'o.id',
      'o.registrant_id',
      'r.registration_number',
      'r.name',
      'r.status as registrant_status',
      'o.state',
      'o.deadline_at',
      'o.reason',
      'o.reserve_rank',
      'o.decline_reason',
      'o.decline_note',
      'o.answered_at',
      's.signed_at',
      's.signed_by',
    ])
    .where('o.tenant_id', '=', c.tenantId);
}

type OfferRow = Awaited<ReturnType<ReturnType<typeof offerRows>['execute']>>[number];

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** An accepted offer whose registrant re-registered is shown as such. */
export const viewStateOf = (state: string, registrantStatus: string): OfferViewState =>
  state === 'accepted' && registrantStatus === 're_registered' ? 're_registered' : (state as OfferViewState);

export function toOffer(o: OfferRow): Offer {
  return {
    id: o.id,
    registrant_id: o.registrant_id,
    registration_number: o.registration_number,
    name: o.name,
    state: o.state as Offer['state'],
    view_state: viewStateOf(o.state, o.registrant_status),
    deadline_at: iso(o.deadline_at)!,
    reason: o.reason,
    reserve_rank: o.reserve_rank,
    decline_reason: o.decline_reason,
    decline_note: o.decline_note,
    answered_at: iso(o.answered_at),
    signed_at: iso(o.signed_at as Date | null),
    signed_by: o.signed_by ?? null,
  };
}

/** The registrant's offer locked for an answer. */
export function lockOffer(c: TenantConn, registrantId: number) {
  return c.db
    .selectFrom('offers')
    .select(['id', 'state', 'deadline_at', 'school_id', 'registrant_id'])
    .select(sql<boolean>`deadline_at < now()`.as('past_deadline'))
    .where('tenant_id', '=', c.tenantId)
    .where('registrant_id', '=', registrantId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Whether the registrant's offer still waits for the agreement's signature: until then no re-registration
 * bill may be charged (a registrant with no offer, published before offers existed, is not held).
 */
export async function awaitsSignature(c: TenantConn, registrantId: number) {
  const row = await c.db
    .selectFrom('offers')
    .select('id')
    .where('tenant_id', '=', c.tenantId)
    .where('registrant_id', '=', registrantId)
    .where('state', '=', 'open')
    .executeTakeFirst();
  return row !== undefined;
}
