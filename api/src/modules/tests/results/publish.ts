import { GRADUATION_MSG, type ResultKind, type TransitionName } from '@psb/contracts';
import { sql } from 'kysely';
import type { TenantConn } from '../../../db/tenant-db';
import { writeAudit } from '../../../lib/audit';
import { HttpError, notFound } from '../../../lib/http-error';
import { staffMay } from '../../../lib/staff-may';
import type { AuthContext } from '../../../types';
import { lockRegistrant, openOffer, publishResult, saveResultDraft, transition } from '../../registrants';
import { resultMessage } from './message';
import { acceptedStatus } from './repository';

/** The move of the registrant's state that a result of each kind makes. */
const MOVE: Record<ResultKind, { name: TransitionName; to: string }> = {
  accepted: { name: 'accept', to: 'accepted' },
  rejected: { name: 'reject', to: 'rejected' },
  reserve: { name: 'reserve', to: 'reserve' },
};

async function statusOrRefuse(c: TenantConn, id: number) {
  const s = await acceptedStatus(c, id);
  if (!s)
    throw new HttpError(400, GRADUATION_MSG.statusMissing, {
      mst_accepted_status_id: GRADUATION_MSG.statusMissing,
    });
  return s;
}

/**
 * Staff keep a draft result on the registrant (status and note) while the selection is still being decided.
 * No parent endpoint reads these columns, and the registrant's state does not move until publication.
 */
export async function saveDraft(
  c: TenantConn,
  auth: AuthContext,
  id: number,
  d: { mst_accepted_status_id: number; result_note?: string | null | undefined },
) {
  const r = await lockRegistrant(c.db, c.tenantId, id);
  if (!r || r.deleted_at !== null) throw notFound();
  if (!staffMay(auth, 'Kelulusan')) throw new HttpError(403, 'Anda tidak memiliki akses.');
  const published = await c.db
    .selectFrom('registrants')
    .select('result_published_at')
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  if (published.result_published_at) throw new HttpError(409, GRADUATION_MSG.alreadyPublished);
  await statusOrRefuse(c, d.mst_accepted_status_id);
  await saveResultDraft(c, id, { statusId: d.mst_accepted_status_id, note: d.result_note ?? null });
}

/**
 * Publishes one registrant's result inside the caller's transaction: the state moves through the transition
 * table (accept / reject / reserve — refused with 409 from a state that does not allow it), the status and
 * the publication time are written with it, a reserve result takes the next rank of its period and class,
 * and the parent's message is written to the outbox. Publishing the same result again changes nothing.
 * Returns whether a message was written (the caller kicks the delivery after the commit).
 */
export async function publishOne(
  c: TenantConn,
  auth: AuthContext,
  id: number,
  input: { mst_accepted_status_id?: number | undefined; result_note?: string | null | undefined },
): Promise<boolean> {
  const r = await lockRegistrant(c.db, c.tenantId, id);
  if (!r || r.deleted_at !== null) throw notFound();
  const current = await c.db
    .selectFrom('registrants')
    .select(['mst_accepted_status_id', 'result_note', 'result_published_at'])
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const statusId = input.mst_accepted_status_id ?? current.mst_accepted_status_id;
  if (!statusId)
    throw new HttpError(400, GRADUATION_MSG.noResult, { mst_accepted_status_id: GRADUATION_MSG.noResult });
  const status = await statusOrRefuse(c, statusId);
  const note = input.result_note !== undefined ? input.result_note : current.result_note;
  const move = MOVE[status.kind];
  if (current.result_published_at && current.mst_accepted_status_id === statusId && r.status === move.to) {
    return false;
  }
  if (r.status !== move.to) await transition(c, { id, name: move.name, auth });
  else if (!staffMay(auth, 'Kelulusan')) throw new HttpError(403, 'Anda tidak memiliki akses.');

  let rank: number | null = null;
  if (status.kind === 'reserve') {
    const last = await c.db
      .selectFrom('registrants')
      .select(sql<number | null>`max(reserve_rank)`.as('n'))
      .where('tenant_id', '=', c.tenantId)
      .where('school_period_id', '=', r.school_period_id)
      .where('mst_class_id', '=', r.mst_class_id)
      .where('status', '=', 'reserve')
      .where('id', '<>', id)
      .executeTakeFirstOrThrow();
    rank = (last.n ?? 0) + 1;
  }
  await publishResult(c, id, { statusId, note, by: auth.user.id, rank });
  // An acceptance is an offer of the seat, answered by the family before its deadline.
  if (status.kind === 'accepted') await openOffer(c, id, { reason: 'Hasil seleksi diumumkan: diterima.' });
  await writeAudit(c, {
    userId: auth.user.id,
    action: 'publish_result',
    resource: 'registrants',
    recordId: id,
    before: { status: r.status, mst_accepted_status_id: current.mst_accepted_status_id },
    after: { status: move.to, mst_accepted_status_id: statusId },
  });
  return resultMessage(c, id, `graduation:${id}:${statusId}`);
}
