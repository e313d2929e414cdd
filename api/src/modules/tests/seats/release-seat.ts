import { ASSIGN_MSG } from '@psb/contracts';
import type { TenantConn } from '../../../db/tenant-db';
import { HttpError, notFound } from '../../../lib/http-error';
import { isScored, liveSeats } from './seat-rows';
import { countSeats, lockSessions } from './session-lock';

/** Takes a seat away (archived) and frees it in its session; refused once the sitting has scores. */
export async function releaseSeat(c: TenantConn, seatId: number) {
  const seat = await c.db
    .selectFrom('registrant_tests')
    .select(['id', 'mst_test_detail_id'])
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', seatId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!seat) throw notFound();
  await lockSessions(c, { ids: [seat.mst_test_detail_id] });
  const again = await liveSeats(c).where('rt.id', '=', seatId).forUpdate('rt').executeTakeFirst();
  if (!again) throw notFound();
  if (again.mst_test_detail_id !== seat.mst_test_detail_id) throw new HttpError(409, ASSIGN_MSG.changed);
  if (isScored(again)) throw new HttpError(409, ASSIGN_MSG.alreadyScored);
  await c.db
    .updateTable('registrant_tests')
    .set((eb) => ({ deleted_at: eb.fn('now'), updated_at: eb.fn('now') }))
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', seatId)
    .execute();
  await countSeats(c, new Map([[seat.mst_test_detail_id, -1]]));
}
