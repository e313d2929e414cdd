import { sql } from 'kysely';
import type { TenantConn } from '../../../db/tenant-db';
import { offerMessage } from './message';
import { offerSettings } from './settings';

/** The end (23.59 WIB) of the day `days` after today in WIB. */
export const deadlineAfter = (days: number) =>
  sql<Date>`((now() AT TIME ZONE 'Asia/Jakarta')::date + ${days}::int + time '23:59') AT TIME ZONE 'Asia/Jakarta'`;

/** The end (23.59 WIB) of a calendar day given as YYYY-MM-DD. */
export const deadlineOn = (day: string) =>
  sql<Date>`(${day}::date + time '23:59') AT TIME ZONE 'Asia/Jakarta'`;

export interface OfferOrigin {
  /** Why the seat is offered, as the history says it. */
  reason: string;
  /** The registrant whose freed seat this is (a refill). */
  releasedFrom?: number | null;
  reserveRank?: number | null;
  /** What the family is told (a re-issued offer says so). */
  message?: 'opened' | 'reissued';
}

/**
 * Offers the seat to an accepted registrant, in the caller's transaction, with the period's deadline, and
 * writes the family's message. An offer already made to the registrant is opened again (staff re-issue an
 * expired one, a result published again) unless the family has accepted it. Returns the offer's id.
 */
export async function openOffer(c: TenantConn, registrantId: number, origin: OfferOrigin) {
  const r = await c.db
    .selectFrom('registrants')
    .select(['id', 'school_id', 'school_period_id', 'mst_class_id'])
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', registrantId)
    .executeTakeFirstOrThrow();
  const { deadline_days } = await offerSettings(c, r.school_period_id);
  const row = await c.db
    .insertInto('offers')
    .values({
      tenant_id: c.tenantId,
      school_id: r.school_id,
      registrant_id: r.id,
      school_period_id: r.school_period_id,
      mst_class_id: r.mst_class_id,
      deadline_at: deadlineAfter(deadline_days),
      reason: origin.reason,
      released_registrant_id: origin.releasedFrom ?? null,
      reserve_rank: origin.reserveRank ?? null,
    })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'registrant_id'])
        .doUpdateSet((eb) => ({
          state: 'open',
          deadline_at: eb.ref('excluded.deadline_at'),
          reason: eb.ref('excluded.reason'),
          decline_reason: null,
          decline_note: null,
          answered_at: null,
          updated_at: eb.fn('now'),
        }))
        .where('offers.state', '<>', 'accepted'),
    )
    .returning('id')
    .executeTakeFirst();
  if (row) await offerMessage(c, row.id, origin.message ?? 'opened');
  return row?.id ?? null;
}
