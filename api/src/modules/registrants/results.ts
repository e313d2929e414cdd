import { sql } from 'kysely';
import type { Db } from '../../db/kysely';
import type { TenantConn } from '../../db/tenant-db';

/**
 * The selection's marks on the registrant — draft and published results, a withdrawal after the result, the
 * published test cards — written here for the tests domain, which decides them: the registrants table has
 * one writer. The state moves (`transition`) and the audit stay with the caller.
 */

/** A draft result (status and note) kept while the selection is still being decided. */
export async function saveResultDraft(
  c: TenantConn,
  id: number,
  d: { statusId: number; note: string | null },
) {
  await c.db
    .updateTable('registrants')
    .set({ mst_accepted_status_id: d.statusId, result_note: d.note, updated_at: sql`now()` })
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', id)
    .execute();
}

/**
 * A published result: its status, who published it and now, the reserve rank (null off the reserve list),
 * and the note when one is given (a reserve moved up keeps the note it had).
 */
export async function publishResult(
  c: TenantConn,
  id: number,
  r: { statusId: number; by: number | null; rank: number | null; note?: string | null },
) {
  await c.db
    .updateTable('registrants')
    .set({
      mst_accepted_status_id: r.statusId,
      ...(r.note !== undefined ? { result_note: r.note } : {}),
      result_published_at: sql`now()`,
      result_published_by: r.by,
      reserve_rank: r.rank,
      updated_at: sql`now()`,
    })
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', id)
    .execute();
}

/** A withdrawal after the result: the registrant leaves the active list and the reserve list. */
export async function markWithdrawnAfterResult(c: TenantConn, id: number, reason: string) {
  await c.db
    .updateTable('registrants')
    .set({
      withdrawn_at: sql`now()`,
      withdraw_reason: reason,
      deleted_at: sql`now()`,
      reserve_rank: null,
      updated_at: sql`now()`,
    })
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', id)
    .execute();
}

/**
 * Marks the test cards of the given live, seated registrants published (the first publication is kept) and
 * answers how many registrants that covers. Registrants the caller may not see are left out by RLS.
 */
export async function publishCards(
  db: Db,
  tenantId: number,
  userId: number,
  by: { registrants?: readonly number[]; session?: number },
) {
  const res = await sql<{ id: number }>`
    UPDATE registrants g
    SET test_announcement_published_at = COALESCE(g.test_announcement_published_at, now()),
        test_announcement_published_by = COALESCE(g.test_announcement_published_by, ${userId}),
        updated_at = now()
    WHERE g.tenant_id = ${tenantId} AND g.deleted_at IS NULL
      AND EXISTS (
        SELECT 1 FROM registrant_tests rt
        WHERE rt.tenant_id = g.tenant_id AND rt.registrant_id = g.id AND rt.deleted_at IS NULL
          ${by.session !== undefined ? sql`AND rt.mst_test_detail_id = ${by.session}` : sql``})
      ${by.registrants ? sql`AND g.id = ANY(${by.registrants}::int[])` : sql``}
    RETURNING g.id
  `.execute(db);
  return res.rows.map((r) => r.id);
}

/** An expired offer re-issued by staff: the registrant is back on the active list (the withdrawal undone). */
export async function undoWithdrawalAfterResult(c: TenantConn, id: number) {
  await c.db
    .updateTable('registrants')
    .set({ withdrawn_at: null, withdraw_reason: null, deleted_at: null, updated_at: sql`now()` })
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', id)
    .execute();
}
