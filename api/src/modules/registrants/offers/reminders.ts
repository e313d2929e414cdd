import { paymentReceiptReference } from '@psb/contracts';
import { sql } from 'kysely';
import type { TenantConn } from '../../../db/tenant-db';
import { offerMessage } from './message';

/** Most messages one run writes per kind (the next run writes the rest). */
const BATCH = 500;

/** Whether the outbox already holds the offer's message with this key's tail (so a run skips it cheaply). */
const notYetSent = (event: string) =>
  sql<boolean>`NOT EXISTS (SELECT 1 FROM notifications n WHERE n.tenant_id = o.tenant_id
    AND n.dedup_key = 'offer:' || o.id || ${`:${event}:once`})`;

/** Open offers whose deadline is within `days` (and, for the 3-day reminder, not yet within 1 day). */
function dueWithin(c: TenantConn, event: 'due_3' | 'due_1') {
  const [from, to] = event === 'due_3' ? [1, 3] : [0, 1];
  return c.db
    .selectFrom('offers as o')
    .select('o.id')
    .where('o.tenant_id', '=', c.tenantId)
    .where('o.state', '=', 'open')
    .where(sql<boolean>`o.deadline_at > now() + make_interval(days => ${from})`)
    .where(sql<boolean>`o.deadline_at <= now() + make_interval(days => ${to})`)
    .where(notYetSent(event))
    .orderBy('o.deadline_at')
    .limit(BATCH)
    .execute();
}

/** Accepted offers whose registrant re-registered, with the receipt numbers of the re-registration bills. */
function reRegistered(c: TenantConn) {
  return c.db
    .selectFrom('offers as o')
    .innerJoin('registrants as r', (j) =>
      j.onRef('r.tenant_id', '=', 'o.tenant_id').onRef('r.id', '=', 'o.registrant_id'),
    )
    .select(['o.id', 'r.registration_number'])
    .select(
      sql<number[]>`ARRAY(SELECT i.id FROM registrant_header_payments h
        JOIN registrant_installment_payments i ON i.tenant_id = h.tenant_id AND i.header_id = h.id
        WHERE h.tenant_id = r.tenant_id AND h.registrant_id = r.id AND h.show_at_graduation
          AND h.deleted_at IS NULL AND i.paid_at IS NOT NULL ORDER BY i.id)`.as('installments'),
    )
    .where('o.tenant_id', '=', c.tenantId)
    .where('o.state', '=', 'accepted')
    .where('r.status', '=', 're_registered')
    .where(notYetSent('re_registered'))
    .orderBy('o.id')
    .limit(BATCH)
    .execute();
}

/**
 * The family's reminders 3 days and 1 day before the deadline of an unanswered offer, and the message of a
 * re-registration with its receipt numbers, written to the outbox in the caller's transaction. Each goes once
 * per offer and kind (the dedup key), however often the job runs; a reminder whose moment passed while the
 * offer was answered is never sent. Answers how many were written.
 */
export async function writeOfferReminders(c: TenantConn) {
  let written = 0;
  for (const event of ['due_3', 'due_1'] as const)
    for (const o of await dueWithin(c, event))
      if (await offerMessage(c, o.id, event, { once: 'once' })) written += 1;
  for (const o of await reRegistered(c)) {
    const receipt = o.installments
      .map((id) => paymentReceiptReference(o.registration_number ?? '', id))
      .join(', ');
    if (await offerMessage(c, o.id, 're_registered', { once: 'once', receipt: receipt || '-' })) written += 1;
  }
  return written;
}
