import { type BuyVouchers, type Channel, PURCHASE_MSG } from '@psb/contracts';
import { sql } from 'kysely';
import type { TenantConn } from '../../../db/tenant-db';
import { HttpError, notFound } from '../../../lib/http-error';
import type { ServiceContext } from '../../../service-context';
import { closeAtProvider, openChargeFor, openChargeOf, type PrepareCharge } from '../charges';
import { depsOf } from '../service';
import { customerOf, voucherPurchaseViews } from './repository';

/** How long the number of an online purchase stays payable. */
const EXPIRY_HOURS = 24;
const me = (sc: ServiceContext) => sc.auth!.user.id;

/** School years whose vouchers are sold online (a price is set), open ones first. */
export function voucherOffers(c: TenantConn) {
  return c.db
    .selectFrom('school_years')
    .select(['id as school_year_id', 'name', 'voucher_price'])
    .where('tenant_id', '=', c.tenantId)
    .where('deleted_at', 'is', null)
    .where('voucher_price', 'is not', null)
    .orderBy('is_active', 'desc')
    .orderBy('start_date', 'desc')
    .execute()
    .then((rows) =>
      rows.map((r) => ({ school_year_id: r.school_year_id, name: r.name, price: Number(r.voucher_price) })),
    );
}

/** The charge of a voucher purchase: the purchase is locked, must still be payable, and is billed count × price. */
const prepareVoucherCharge =
  (purchaseId: number, channel: Channel): PrepareCharge =>
  async (c) => {
    const p = await c.db
      .selectFrom('voucher_purchases as p')
      .innerJoin('school_years as y', (j) =>
        j.onRef('y.tenant_id', '=', 'p.tenant_id').onRef('y.id', '=', 'p.school_year_id'),
      )
      .select(['p.id', 'p.state', 'p.count', 'p.unit_price', 'p.user_id', 'p.school_id', 'y.name as year'])
      .where('p.tenant_id', '=', c.tenantId)
      .where('p.id', '=', purchaseId)
      .forUpdate('p')
      .executeTakeFirst();
    if (!p) throw notFound(PURCHASE_MSG.purchaseNotFound);
    if (p.state === 'paid') throw new HttpError(409, PURCHASE_MSG.voucherPaid);
    if (p.state !== 'pending') throw new HttpError(409, PURCHASE_MSG.voucherClosed);
    const { open, reuse } = await openChargeOf(c, { purpose: 'voucher', subjectId: purchaseId });
    const existing = await reuse(channel);
    if (existing) return { existing };
    const unit = Number(p.unit_price);
    return {
      purpose: 'voucher',
      subjectId: p.id,
      schoolId: p.school_id,
      userId: p.user_id,
      channel,
      amount: unit * p.count,
      expiryHours: EXPIRY_HOURS,
      customer: await customerOf(c, p.user_id),
      items: [{ id: `voucher-${p.id}`, name: `Voucher PSB ${p.year}`, price: unit, quantity: p.count }],
      close: open ? open.order_id : null,
    };
  };

/** The parent buys vouchers: the purchase is written at today's price, then its charge is opened. */
export async function buyVouchers(sc: ServiceContext, input: BuyVouchers) {
  const purchaseId = await sc.tx(async (c) => {
    const year = await c.db
      .selectFrom('school_years')
      .select(['id', 'voucher_price'])
      .where('tenant_id', '=', c.tenantId)
      .where('id', '=', input.school_year_id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!year) {
      const msg = 'Tahun ajaran yang dipilih tidak ditemukan.';
      throw new HttpError(400, msg, { school_year_id: msg });
    }
    if (!year.voucher_price) throw new HttpError(409, PURCHASE_MSG.notForSale);
    if (input.school_id) {
      const school = await c.db
        .selectFrom('schools')
        .select('id')
        .where('tenant_id', '=', c.tenantId)
        .where('id', '=', input.school_id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!school) {
        const msg = 'Sekolah yang dipilih tidak ditemukan.';
        throw new HttpError(400, msg, { school_id: msg });
      }
    }
    const row = await c.db
      .insertInto('voucher_purchases')
      .values({
        tenant_id: c.tenantId,
        user_id: me(sc),
        school_year_id: year.id,
        school_id: input.school_id ?? null,
        count: input.count,
        unit_price: year.voucher_price,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  await openChargeFor(depsOf(sc), sc.tenant.id, null, prepareVoucherCharge(purchaseId, input.channel));
  return ownPurchase(sc, purchaseId);
}

/** A new payment number for the parent's unpaid purchase (another channel, or the old one expired). */
export async function rechargePurchase(sc: ServiceContext, purchaseId: number, channel: Channel) {
  await ownPurchase(sc, purchaseId);
  await openChargeFor(depsOf(sc), sc.tenant.id, null, prepareVoucherCharge(purchaseId, channel));
  return ownPurchase(sc, purchaseId);
}

/** One of the parent's purchases; someone else's looks exactly like a missing one. */
export async function ownPurchase(sc: ServiceContext, purchaseId: number) {
  const [p] = await sc.db((c) => voucherPurchaseViews(c, { ids: [purchaseId], userId: me(sc) }));
  if (!p) throw notFound(PURCHASE_MSG.purchaseNotFound);
  return p;
}

export const myPurchases = (sc: ServiceContext) => sc.db((c) => voucherPurchaseViews(c, { userId: me(sc) }));

/**
 * The parent cancels an unpaid purchase. Its open order is closed at the provider first; if the provider says
 * it was paid meanwhile, that payment is applied (the vouchers issued) and the cancel is refused.
 */
export async function cancelPurchase(sc: ServiceContext, purchaseId: number) {
  const p = await ownPurchase(sc, purchaseId);
  if (p.state === 'paid' || p.state === 'reversed') throw new HttpError(409, PURCHASE_MSG.voucherPaid);
  if (p.state === 'cancelled') return p;
  const open = await sc.db((c) =>
    c.db
      .selectFrom('payment_charges')
      .select('order_id')
      .where('tenant_id', '=', c.tenantId)
      .where('purpose', '=', 'voucher')
      .where('subject_id', '=', purchaseId)
      .where('status', 'in', ['creating', 'pending'])
      .execute(),
  );
  for (const o of open) await closeAtProvider(depsOf(sc), sc.tenant.id, null, o.order_id);
  await sc.tx(async (c) => {
    const res = await c.db
      .updateTable('voucher_purchases')
      .set({ state: 'cancelled', cancelled_at: sql<Date>`now()` })
      .where('tenant_id', '=', c.tenantId)
      .where('id', '=', purchaseId)
      .where('state', 'in', ['pending', 'expired'])
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw new HttpError(409, PURCHASE_MSG.voucherPaid);
  });
  return ownPurchase(sc, purchaseId);
}
