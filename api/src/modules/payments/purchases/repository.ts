import type { OrderState, OrderView, PurchaseState, VoucherPurchase } from '@psb/contracts';
import { sql } from 'kysely';
import type { TenantConn } from '../../../db/tenant-db';
import { CHARGE_COLUMNS, toChargeView } from '../charges';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The latest charge of each subject of a purpose (cancelled and refused attempts left out). */
async function latestCharges(c: TenantConn, purpose: 'voucher' | 'order', ids: number[]) {
  if (ids.length === 0) return new Map<number, ReturnType<typeof toChargeView>>();
  const rows = await c.db
    .selectFrom('payment_charges')
    .select([...CHARGE_COLUMNS, 'subject_id'])
    .distinctOn('subject_id')
    .where('tenant_id', '=', c.tenantId)
    .where('purpose', '=', purpose)
    .where('subject_id', 'in', ids)
    .where('status', 'not in', ['error', 'cancel'])
    .orderBy('subject_id')
    .orderBy('created_at', 'desc')
    .execute();
  return new Map(rows.map((r) => [r.subject_id!, toChargeView(r)]));
}

/** A pending purchase whose charge has run out shows as expired (a new charge can still be opened). */
const shownState = (
  state: PurchaseState,
  charge: { is_expired: boolean } | null | undefined,
): PurchaseState => (state === 'pending' && charge?.is_expired ? 'expired' : state);

/** Voucher purchases with their latest charge and issued vouchers, newest first. */
export async function voucherPurchaseViews(
  c: TenantConn,
  where: { ids?: number[]; userId?: number },
): Promise<VoucherPurchase[]> {
  let q = c.db
    .selectFrom('voucher_purchases as p')
    .innerJoin('school_years as y', (j) =>
      j.onRef('y.tenant_id', '=', 'p.tenant_id').onRef('y.id', '=', 'p.school_year_id'),
    )
    .leftJoin('schools as s', (j) =>
      j.onRef('s.tenant_id', '=', 'p.tenant_id').onRef('s.id', '=', 'p.school_id'),
    )
    .select([
      'p.id',
      'p.school_year_id',
      'y.name as school_year_name',
      'p.school_id',
      's.name as school_name',
      'p.count',
      'p.unit_price',
      'p.state',
      'p.created_at',
      'p.paid_at',
    ])
    .where('p.tenant_id', '=', c.tenantId)
    .orderBy('p.id', 'desc')
    .limit(100);
  if (where.ids) q = q.where('p.id', 'in', where.ids.length ? where.ids : [0]);
  if (where.userId) q = q.where('p.user_id', '=', where.userId);
  const rows = await q.execute();
  const ids = rows.map((r) => r.id);
  const charges = await latestCharges(c, 'voucher', ids);
  const vouchers = ids.length
    ? await c.db
        .selectFrom('mst_tokens')
        .select(['id', 'token', 'used_at', 'purchase_id'])
        .where('tenant_id', '=', c.tenantId)
        .where('purchase_id', 'in', ids)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .execute()
    : [];
  return rows.map((r) => {
    const charge = charges.get(r.id) ?? null;
    return {
      id: r.id,
      school_year_id: r.school_year_id,
      school_year_name: r.school_year_name,
      school_id: r.school_id,
      school_name: r.school_name,
      count: r.count,
      unit_price: Number(r.unit_price),
      state: shownState(r.state, charge),
      created_at: r.created_at.toISOString(),
      paid_at: iso(r.paid_at),
      charge,
      vouchers: vouchers
        .filter((v) => v.purchase_id === r.id)
        .map((v) => ({ id: v.id, token: v.token, used: v.used_at !== null })),
    };
  });
}

/** The tenant's item orders (not deleted) with their registrant (`r`) and school (`s`). */
export const liveOrders = (c: TenantConn) =>
  c.db
    .selectFrom('registrant_orders as o')
    .innerJoin('registrants as r', (j) =>
      j.onRef('r.tenant_id', '=', 'o.tenant_id').onRef('r.id', '=', 'o.registrant_id'),
    )
    .innerJoin('schools as s', (j) =>
      j.onRef('s.tenant_id', '=', 'o.tenant_id').onRef('s.id', '=', 'o.school_id'),
    )
    .where('o.tenant_id', '=', c.tenantId)
    .where('o.deleted_at', 'is', null);

/** What an order shows of itself, its registrant and its school. */
export const ORDER_COLUMNS = [
  'o.id',
  'o.registrant_id',
  'r.name as registrant_name',
  'r.registration_number',
  'o.school_id',
  's.name as school_name',
  'o.state',
  'o.total',
  'o.fee',
  'o.channel',
  'o.checked_out_at',
  'o.paid_at',
  'o.created_at',
] as const;

/** Item orders (the cart included) with their lines and latest charge, newest first. */
export async function orderViews(
  c: TenantConn,
  where: { ids?: number[]; registrantId?: number; states?: OrderState[] },
): Promise<OrderView[]> {
  let q = liveOrders(c).select(ORDER_COLUMNS).orderBy('o.id', 'desc').limit(100);
  if (where.ids) q = q.where('o.id', 'in', where.ids.length ? where.ids : [0]);
  if (where.registrantId) q = q.where('o.registrant_id', '=', where.registrantId);
  if (where.states) q = q.where('o.state', 'in', where.states);
  const rows = await q.execute();
  const ids = rows.map((r) => r.id);
  const charges = await latestCharges(c, 'order', ids);
  const lines = ids.length
    ? await c.db
        .selectFrom('registrant_order_lines')
        .select(['order_id', 'mst_item_id', 'name', 'price', 'quantity'])
        .where('tenant_id', '=', c.tenantId)
        .where('order_id', 'in', ids)
        .orderBy('id')
        .execute()
    : [];
  return rows.map((r) => {
    const charge = charges.get(r.id) ?? null;
    return {
      id: r.id,
      registrant_id: r.registrant_id,
      registrant_name: r.registrant_name,
      registration_number: r.registration_number,
      school_id: r.school_id,
      school_name: r.school_name,
      state: r.state === 'cart' ? 'cart' : shownState(r.state, charge),
      total: Number(r.total),
      fee: Number(r.fee),
      channel: r.channel,
      checked_out_at: iso(r.checked_out_at),
      paid_at: iso(r.paid_at),
      created_at: r.created_at.toISOString(),
      lines: lines
        .filter((l) => l.order_id === r.id)
        .map((l) => ({
          mst_item_id: l.mst_item_id,
          name: l.name,
          price: Number(l.price),
          quantity: l.quantity,
        })),
      charge,
    };
  });
}

/**
 * Items offered to a registrant: of its school or of every school, and of its class or of every class; active,
 * not archived.
 */
export function itemsForRegistrant(
  c: TenantConn,
  r: { school_id: number; mst_class_id: number },
  ids?: number[],
) {
  let q = c.db
    .selectFrom('mst_items')
    .select(['id', 'name', 'price', 'description'])
    .where('tenant_id', '=', c.tenantId)
    .where('deleted_at', 'is', null)
    .where('is_active', '=', true)
    .where((eb) => eb.or([eb('school_id', 'is', null), eb('school_id', '=', r.school_id)]))
    .where((eb) => eb.or([eb('mst_class_id', 'is', null), eb('mst_class_id', '=', r.mst_class_id)]))
    .orderBy('name');
  if (ids) q = q.where('id', 'in', ids.length ? ids : [0]);
  return q.execute().then((rows) => rows.map((r) => ({ ...r, price: Number(r.price) })));
}

/** The parent's own live registrant (id, school, class), or undefined. */
export function ownRegistrant(c: TenantConn, registrantId: number, userId: number) {
  return c.db
    .selectFrom('registrants')
    .select(['id', 'school_id', 'mst_class_id', 'name', 'registration_number'])
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', registrantId)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The buyer's contact for the provider's order. */
export function customerOf(c: TenantConn, userId: number) {
  return c.db
    .selectFrom('users')
    .select(['name', 'email', 'phone_number'])
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
    .then((u) => ({ name: u.name, email: u.email ?? undefined, phone: u.phone_number ?? undefined }));
}

export const nowSql = sql<Date>`now()`;
