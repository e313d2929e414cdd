import { ASSIGN_MSG } from '@psb/contracts';
import type { TenantConn } from '../../../db/tenant-db';
import { HttpError, notFound } from '../../../lib/http-error';
import { placeManual } from '../seats';
import { hasLiveSeat, seatById, sessionTestType } from './repository';

/**
 * One seat at a time (`/registrant_test`): the same placement by hand as the assignment screen, so quotas,
 * moves, scores and the parent's message follow the same rules.
 */

export async function seat(c: TenantConn, id: number) {
  const found = await seatById(c, id);
  if (!found) throw notFound();
  return found;
}

interface Placement {
  registrantId: number;
  sessionId: number;
  userId: number;
  notify: boolean;
}

async function placeOne(c: TenantConn, p: Placement) {
  const out = await placeManual(c, {
    sessionId: p.sessionId,
    registrantIds: [p.registrantId],
    userId: p.userId,
    notify: p.notify,
  });
  return seat(c, out.placed[0]!.registrant_test_id);
}

/** A registrant seated by hand in a session (moved there when seated elsewhere in that test type). */
export const createSeat = placeOne;

/** The live seat moved to another session of its test type. */
export async function moveSeat(c: TenantConn, id: number, p: Omit<Placement, 'registrantId'>) {
  const current = await seat(c, id);
  if (current.deleted_at) throw notFound();
  // The seat is the record here: a session that is not one of its test type is bad input, not "not found".
  if ((await sessionTestType(c, p.sessionId)) !== current.mst_test_id) {
    const message = 'Pilih sesi dari tipe tes yang sama.';
    throw new HttpError(400, message, { mst_test_detail_id: message });
  }
  return placeOne(c, { ...p, registrantId: current.registrant_id });
}

/** A seat taken away given back in its session, while the registrant holds no other seat of that type. */
export async function restoreSeat(
  c: TenantConn,
  id: number,
  p: Omit<Placement, 'registrantId' | 'sessionId'>,
) {
  const old = await seat(c, id);
  if (!old.deleted_at) throw new HttpError(409, ASSIGN_MSG.stillSeated);
  if (await hasLiveSeat(c, old.registrant_id, old.mst_test_id))
    throw new HttpError(409, ASSIGN_MSG.seatedElsewhere);
  return placeOne(c, { ...p, registrantId: old.registrant_id, sessionId: old.mst_test_detail_id });
}
