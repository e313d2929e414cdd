import { sql } from 'kysely';
import type { TenantConn } from '../../../db/tenant-db';
import { vouchersIssuedMessage } from '../messages';
import { generateVoucherCode } from '../vouchers/codes';

/**
 * What a settled or reversed charge does to a voucher purchase. Runs inside the transaction that applies the
 * provider's status to the charge (its row is locked), and the purchase moves to paid only from an unpaid
 * state, so however often the provider repeats itself the vouchers are inserted once. Money received on a
 * purchase the parent had cancelled meanwhile still buys the vouchers.
 */
export async function settleVoucherPurchase(c: TenantConn, purchaseId: number, paid: boolean) {
  if (!paid) return reverseVoucherPurchase(c, purchaseId);
  const p = await c.db
    .updateTable('voucher_purchases')
    .set({ state: 'paid', paid_at: sql<Date>`now()`, cancelled_at: null })
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', purchaseId)
    .where('state', 'in', ['pending', 'cancelled', 'expired'])
    .returning(['user_id', 'school_year_id', 'school_id', 'count', 'unit_price'])
    .executeTakeFirst();
  if (!p) return false;
  const codes: string[] = [];
  // A code already taken (vanishingly rare) is skipped by the unique key and drawn again.
  while (codes.length < p.count) {
    const rows = await c.db
      .insertInto('mst_tokens')
      .values(
        Array.from({ length: p.count - codes.length }, () => ({
          tenant_id: c.tenantId,
          token: generateVoucherCode(),
          method: 'online',
          school_year_id: p.school_year_id,
          school_id: p.school_id,
          owner_user_id: p.user_id,
          purchase_id: purchaseId,
          note: 'Dibeli online',
          created_by: p.user_id,
        })),
      )
      .onConflict((oc) => oc.columns(['tenant_id', 'token']).doNothing())
      .returning('token')
      .execute();
    codes.push(...rows.map((r) => r.token));
  }
  await vouchersIssuedMessage(
    c,
    { id: purchaseId, userId: p.user_id, schoolId: p.school_id, count: p.count, unitPrice: p.unit_price },
    codes,
  );
  return true;
}

/** The provider took the money back: the unused vouchers are void; used ones are left for staff to judge. */
async function reverseVoucherPurchase(c: TenantConn, purchaseId: number) {
  const p = await c.db
    .updateTable('voucher_purchases')
    .set({ state: 'reversed' })
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', purchaseId)
    .where('state', '=', 'paid')
    .returning('id')
    .executeTakeFirst();
  if (!p) return false;
  await c.db
    .updateTable('mst_tokens')
    .set({ deleted_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('tenant_id', '=', c.tenantId)
    .where('purchase_id', '=', purchaseId)
    .where('used_at', 'is', null)
    .where('deleted_at', 'is', null)
    .execute();
  const used = await c.db
    .selectFrom('mst_tokens')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', c.tenantId)
    .where('purchase_id', '=', purchaseId)
    .where('used_at', 'is not', null)
    .executeTakeFirstOrThrow();
  if (Number(used.n) > 0)
    await c.db
      .updateTable('voucher_purchases')
      .set({
        needs_review: `Pembayaran dibatalkan bank, tetapi ${Number(used.n)} voucher sudah dipakai untuk mendaftar.`,
      })
      .where('tenant_id', '=', c.tenantId)
      .where('id', '=', purchaseId)
      .execute();
  return true;
}

/** What a settled or reversed charge does to an item order: paid once; a reversal marks it reversed. */
export async function settleOrder(c: TenantConn, orderId: number, paid: boolean) {
  const res = await c.db
    .updateTable('registrant_orders')
    .set(
      paid
        ? { state: 'paid', paid_at: sql<Date>`now()`, updated_at: sql<Date>`now()` }
        : { state: 'reversed', updated_at: sql<Date>`now()` },
    )
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', orderId)
    .where('state', 'in', paid ? ['pending', 'cancelled'] : ['paid'])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
