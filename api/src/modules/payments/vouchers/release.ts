import type { Db } from '../../../db/kysely';

/**
 * A voucher back to unused: staff reset it, or its registration was withdrawn before verification (it then
 * stays with the same account, see the registrants service).
 */
export async function markUnused(db: Db, tenantId: number, id: number) {
  await db
    .updateTable('mst_tokens')
    .set((eb) => ({ used_at: null, used_by_user_id: null, registrant_id: null, updated_at: eb.fn('now') }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** The voucher spent on a new registration (a voucher nobody owned yet becomes the registering parent's). */
export async function markUsed(
  db: Db,
  tenantId: number,
  id: number,
  by: { userId: number; registrantId: number },
) {
  await db
    .updateTable('mst_tokens')
    .set((eb) => ({
      used_at: eb.fn('now'),
      used_by_user_id: by.userId,
      registrant_id: by.registrantId,
      owner_user_id: eb.fn.coalesce('owner_user_id', eb.val(by.userId)),
      updated_at: eb.fn('now'),
    }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}
