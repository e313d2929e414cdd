import { type CartLines, type Channel, PURCHASE_MSG } from '@psb/contracts';
import { sql } from 'kysely';
import type { TenantConn } from '../../../db/tenant-db';
import { HttpError, notFound } from '../../../lib/http-error';
import type { ServiceContext } from '../../../service-context';
import { openChargeFor, openChargeOf, type PrepareCharge } from '../charges';
import { depsOf } from '../service';
import { customerOf, itemsForRegistrant, orderViews, ownRegistrant } from './repository';

const EXPIRY_HOURS = 24;
const me = (sc: ServiceContext) => sc.auth!.user.id;

async function mine(c: TenantConn, sc: ServiceContext, registrantId: number) {
  const r = await ownRegistrant(c, registrantId, me(sc));
  if (!r) throw notFound();
  return r;
}

/** The cart of the parent's registrant (null when none yet) and the items offered to it (its school and class). */
export function cartOf(sc: ServiceContext, registrantId: number) {
  return sc.db(async (c) => {
    const r = await mine(c, sc, registrantId);
    const [cart] = await orderViews(c, { registrantId, states: ['cart'] });
    return { cart: cart ?? null, items: await itemsForRegistrant(c, r) };
  });
}

/**
 * Replaces the cart's lines. Names and prices are copied from the items now; an item not offered to the
 * registrant's school is refused.
 */
export async function saveCart(sc: ServiceContext, registrantId: number, input: CartLines) {
  await sc.tx(async (c) => {
    const r = await mine(c, sc, registrantId);
    const ids = [...new Set(input.lines.map((l) => l.mst_item_id))];
    if (ids.length !== input.lines.length)
      throw new HttpError(400, 'Setiap barang cukup dicantumkan sekali.', { lines: 'Barang ganda.' });
    const items = new Map((await itemsForRegistrant(c, r, ids)).map((i) => [i.id, i]));
    if (items.size !== ids.length)
      throw new HttpError(400, PURCHASE_MSG.itemUnknown, { lines: PURCHASE_MSG.itemUnknown });
    const total = input.lines.reduce((s, l) => s + items.get(l.mst_item_id)!.price * l.quantity, 0);
    // The one-cart-per-registrant key makes two saves at once meet on the same row.
    const cart = await c.db
      .insertInto('registrant_orders')
      .values({ tenant_id: c.tenantId, registrant_id: r.id, school_id: r.school_id, user_id: me(sc), total })
      .onConflict((oc) =>
        oc
          .columns(['tenant_id', 'registrant_id'])
          .where('state', '=', 'cart')
          .where('deleted_at', 'is', null)
          .doUpdateSet({ total, updated_at: sql<Date>`now()` }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await c.db
      .deleteFrom('registrant_order_lines')
      .where('tenant_id', '=', c.tenantId)
      .where('order_id', '=', cart.id)
      .execute();
    if (input.lines.length)
      await c.db
        .insertInto('registrant_order_lines')
        .values(
          input.lines.map((l) => {
            const item = items.get(l.mst_item_id)!;
            return {
              tenant_id: c.tenantId,
              order_id: cart.id,
              school_id: r.school_id,
              mst_item_id: item.id,
              name: item.name.slice(0, 200),
              price: item.price,
              quantity: l.quantity,
            };
          }),
        )
        .execute();
  });
  return cartOf(sc, registrantId);
}

/** The parent's orders of a registrant (not the cart), newest first. */
export const ordersOf = (sc: ServiceContext, registrantId: number) =>
  sc.db(async (c) => {
    await mine(c, sc, registrantId);
    return orderViews(c, { registrantId, states: ['pending', 'paid', 'cancelled', 'reversed'] });
  });

/** One of the parent's orders; someone else's looks exactly like a missing one. */
export async function ownOrder(sc: ServiceContext, orderId: number) {
  const [o] = await sc.db((c) => orderViews(c, { ids: [orderId] }));
  if (!o || o.state === 'cart') throw notFound(PURCHASE_MSG.orderNotFound);
  const owner = await sc.db((c) => ownRegistrant(c, o.registrant_id, me(sc)));
  if (!owner) throw notFound(PURCHASE_MSG.orderNotFound);
  return o;
}

const prepareOrderCharge =
  (orderId: number, channel: Channel): PrepareCharge =>
  async (c) => {
    const o = await c.db
      .selectFrom('registrant_orders')
      .select(['id', 'state', 'total', 'school_id', 'user_id'])
      .where('tenant_id', '=', c.tenantId)
      .where('id', '=', orderId)
      .forUpdate()
      .executeTakeFirst();
    if (!o) throw notFound(PURCHASE_MSG.orderNotFound);
    if (o.state !== 'pending') throw new HttpError(409, 'Pesanan ini sudah tidak dapat dibayar.');
    const { open, reuse } = await openChargeOf(c, { purpose: 'order', subjectId: orderId });
    const existing = await reuse(channel);
    if (existing) return { existing };
    const lines = await c.db
      .selectFrom('registrant_order_lines')
      .select(['mst_item_id', 'name', 'price', 'quantity'])
      .where('tenant_id', '=', c.tenantId)
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
    return {
      purpose: 'order',
      subjectId: o.id,
      schoolId: o.school_id,
      userId: o.user_id,
      channel,
      amount: Number(o.total),
      expiryHours: EXPIRY_HOURS,
      customer: await customerOf(c, o.user_id),
      items: lines.map((l) => ({
        id: `item-${l.mst_item_id}`,
        name: l.name,
        price: Number(l.price),
        quantity: l.quantity,
      })),
      close: open ? open.order_id : null,
    };
  };

/**
 * Checkout: the cart becomes an order (its total fixed), and the order's charge is opened on the channel; the
 * order keeps the convenience fee the charge carries, so what the parent pays is always total + fee.
 */
export async function checkout(sc: ServiceContext, registrantId: number, channel: Channel) {
  const orderId = await sc.tx(async (c) => {
    await mine(c, sc, registrantId);
    const cart = await c.db
      .selectFrom('registrant_orders')
      .select(['id', 'total'])
      .where('tenant_id', '=', c.tenantId)
      .where('registrant_id', '=', registrantId)
      .where('state', '=', 'cart')
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!cart || Number(cart.total) <= 0) throw new HttpError(409, PURCHASE_MSG.cartEmpty);
    await c.db
      .updateTable('registrant_orders')
      .set({ state: 'pending', channel, checked_out_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
      .where('tenant_id', '=', c.tenantId)
      .where('id', '=', cart.id)
      .execute();
    return cart.id;
  });
  return chargeOrder(sc, orderId, channel);
}

/** Opens (or reopens on another channel) the charge of the parent's pending order. */
export async function chargeOrder(sc: ServiceContext, orderId: number, channel: Channel) {
  const charge = await openChargeFor(depsOf(sc), sc.tenant.id, null, prepareOrderCharge(orderId, channel));
  await sc.tx((c) =>
    c.db
      .updateTable('registrant_orders')
      .set({ fee: charge.fee_amount, channel: charge.channel, updated_at: sql<Date>`now()` })
      .where('tenant_id', '=', c.tenantId)
      .where('id', '=', orderId)
      .where('state', '=', 'pending')
      .execute(),
  );
  return ownOrder(sc, orderId);
}
