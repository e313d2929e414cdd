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
