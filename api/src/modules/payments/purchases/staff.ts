import type { OrderListQuery, OrderState } from '@psb/contracts';
import { sql } from 'kysely';
import type { TenantConn } from '../../../db/tenant-db';
import { liveOrders, ORDER_COLUMNS } from './repository';

/** Orders staff work on (waiting for money or paid); the rest (cancelled, reversed) is the non-active list. */
const ACTIVE: OrderState[] = ['pending', 'paid'];
const INACTIVE: OrderState[] = ['cancelled', 'reversed'];

const itemsText = sql<string>`coalesce((SELECT string_agg(l.name || ' × ' || l.quantity, ', ' ORDER BY l.id)
  FROM registrant_order_lines l WHERE l.tenant_id = o.tenant_id AND l.order_id = o.id), '')`;

/** Staff list of item orders (the carts are the parents' own business and never shown). */
export async function listOrders(c: TenantConn, q: OrderListQuery, active: boolean) {
  const page = q.page ?? 1;
  const limit = q.limit ?? 25;
  let b = liveOrders(c).where('o.state', 'in', active ? ACTIVE : INACTIVE);
  // No order is stored expired (its expiry shows through its charge), so that filter matches none.
  if (q.state) b = q.state === 'expired' ? b.where(sql<boolean>`false`) : b.where('o.state', '=', q.state);
  if (q.school_id) b = b.where('o.school_id', '=', q.school_id);
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    b = b.where((eb) => eb.or([eb('r.name', 'ilike', like), eb('r.registration_number', 'ilike', like)]));
  }
  const { n } = await b.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await b
    .select([...ORDER_COLUMNS, itemsText.as('items')])
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return {
    total: Number(n),
    page,
    limit,
    data: rows.map((r) => ({
      ...r,
      state: r.state as 'pending' | 'paid' | 'cancelled' | 'reversed',
      total: Number(r.total),
      fee: Number(r.fee),
      channel: r.channel as never,
      checked_out_at: r.checked_out_at?.toISOString() ?? null,
      paid_at: r.paid_at?.toISOString() ?? null,
      created_at: r.created_at.toISOString(),
    })),
  };
}

export const ITEM_ORDER_EXPORT_LABELS = [
  'No. Pesanan',
  'No. Pendaftaran',
  'Nama Calon Murid',
  'Sekolah',
  'Barang',
  'Jumlah',
  'Harga',
  'Subtotal',
  'Status',
  'Dipesan (WIB)',
  'Dibayar (WIB)',
];

const wib = (col: string) =>
  sql<string>`to_char(${sql.ref(col)} AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD HH24:MI')`;
const stateLabel = sql<string>`CASE o.state WHEN 'pending' THEN 'Menunggu pembayaran' WHEN 'paid' THEN 'Lunas'
  WHEN 'cancelled' THEN 'Dibatalkan' WHEN 'reversed' THEN 'Dibatalkan bank' ELSE o.state END`;

/** One row per ordered line of an item (what to hand out, to whom): checked-out orders only, oldest first. */
export function itemOrdersExport(c: TenantConn, itemId: number) {
  return c.db
    .selectFrom('registrant_order_lines as l')
    .innerJoin('registrant_orders as o', (j) =>
      j.onRef('o.tenant_id', '=', 'l.tenant_id').onRef('o.id', '=', 'l.order_id'),
    )
    .innerJoin('registrants as r', (j) =>
      j.onRef('r.tenant_id', '=', 'o.tenant_id').onRef('r.id', '=', 'o.registrant_id'),
    )
    .innerJoin('schools as s', (j) =>
      j.onRef('s.tenant_id', '=', 'o.tenant_id').onRef('s.id', '=', 'o.school_id'),
    )
    .select([
      'o.id',
      'r.registration_number',
      'r.name',
      's.name as school_name',
      'l.name as item',
      'l.quantity',
      'l.price',
      sql<string>`l.price * l.quantity`.as('subtotal'),
      stateLabel.as('state'),
      wib('o.checked_out_at').as('ordered'),
      wib('o.paid_at').as('paid'),
    ])
    .where('l.tenant_id', '=', c.tenantId)
    .where('l.mst_item_id', '=', itemId)
    .where('o.deleted_at', 'is', null)
    .where('o.state', '<>', 'cart')
    .orderBy('o.checked_out_at')
    .orderBy('o.id')
    .compile();
}

/** The item (visible to the caller's schools), or undefined. */
export function itemById(c: TenantConn, id: number) {
  return c.db
    .selectFrom('mst_items')
    .select(['id', 'name'])
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}
