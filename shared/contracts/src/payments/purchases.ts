import { strictId } from '../ids';
import { z } from '../zod';
import { CHANNELS, chargeViewSchema } from './bills';
import { PURCHASE_STATES } from './purchase-states';

export * from './purchase-states';

/**
 * What a parent buys outside a bill: vouchers (to add a registrant) and items of the school (uniforms, books).
 * Both are paid through a charge at the payment provider; nothing is issued or marked paid before the
 * provider reports the money received.
 */

export const PURCHASE_MSG = {
  voucherOpened: 'Pembelian voucher dibuat. Silakan bayar ke nomor pembayaran berikut.',
  voucherCancelled: 'Pembelian voucher dibatalkan.',
  voucherPaid: 'Pembelian ini sudah dibayar dan tidak dapat dibatalkan.',
  voucherClosed: 'Pembelian ini sudah tidak dapat dibayar.',
  notForSale: 'Voucher tahun ajaran ini belum dijual secara online.',
  purchaseNotFound: 'Pembelian voucher tidak ditemukan.',
  cartSaved: 'Keranjang disimpan.',
  cartEmpty: 'Keranjang masih kosong.',
  itemUnknown: 'Barang tidak ditemukan atau tidak tersedia untuk sekolah ini.',
  orderOpened: 'Pesanan dibuat. Silakan bayar ke nomor pembayaran berikut.',
  orderNotFound: 'Pesanan tidak ditemukan.',
} as const;

/**
 * Bank transfers (VA, Mandiri bill): the QRIS picture is served through a registrant's bill, and a purchase has
 * none.
 */
export const PURCHASE_CHANNELS = CHANNELS.filter(
  (c): c is Exclude<(typeof CHANNELS)[number], 'qris'> => c !== 'qris',
);
export const purchaseChannelSchema = z.enum(PURCHASE_CHANNELS as [string, ...string[]], {
  error: 'Metode pembayaran tidak tersedia untuk pembelian ini.',
}) as z.ZodType<(typeof PURCHASE_CHANNELS)[number]>;
export type PurchaseChannel = (typeof PURCHASE_CHANNELS)[number];
const channel = purchaseChannelSchema;

/** POST /mst_token/buy/batch. */
export const buyVouchersSchema = z.strictObject({
  count: z
    .number({ error: 'Jumlah voucher harus berupa angka.' })
    .int('Jumlah voucher harus bilangan bulat.')
    .min(1, 'Minimal 1 voucher.')
    .max(10, 'Maksimal 10 voucher sekali beli.'),
  school_year_id: strictId('Tahun ajaran tidak valid.'),
  school_id: strictId('Sekolah tidak valid.').nullish(),
  channel,
});
export type BuyVouchers = z.infer<typeof buyVouchersSchema>;

export const voucherPurchaseSchema = z.object({
  id: z.number(),
  school_year_id: z.number(),
  school_year_name: z.string(),
  school_id: z.number().nullable(),
  school_name: z.string().nullable(),
  count: z.number(),
  unit_price: z.number(),
  state: z.enum(PURCHASE_STATES),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** The latest charge (VA / bill key / QRIS) with its fee and expiry. */
  charge: chargeViewSchema.nullable(),
  /** The vouchers issued on settlement. */
  vouchers: z.array(z.object({ id: z.number(), token: z.string(), used: z.boolean() })),
});
export type VoucherPurchase = z.infer<typeof voucherPurchaseSchema>;

export const voucherPurchaseResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: voucherPurchaseSchema,
});
export const voucherPurchasesResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(voucherPurchaseSchema),
});

/** What one voucher costs online, per open school year (the parent's buy form). */
export const voucherOffersResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(z.object({ school_year_id: z.number(), name: z.string(), price: z.number() })),
});

/** POST /registrant_order/{registrant id}: the cart's lines (replaces them). */
export const cartLinesSchema = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        mst_item_id: strictId('Barang tidak valid.'),
        quantity: z
          .number({ error: 'Jumlah barang harus berupa angka.' })
          .int('Jumlah barang harus bilangan bulat.')
          .min(1, 'Jumlah barang minimal 1.')
          .max(100, 'Jumlah barang maksimal 100.'),
      }),
    )
    .max(50, 'Maksimal 50 jenis barang.'),
});
export type CartLines = z.infer<typeof cartLinesSchema>;

/** POST /us/order/checkout. */
export const checkoutSchema = z.strictObject({
  registrant_id: strictId('Calon murid tidak valid.'),
  channel,
});

export const orderViewSchema = z.object({
  id: z.number(),
  registrant_id: z.number(),
  registrant_name: z.string().nullable(),
  registration_number: z.string(),
  school_id: z.number(),
  school_name: z.string(),
  state: z.enum(['cart', ...PURCHASE_STATES]),
  total: z.number(),
  fee: z.number(),
  channel: z.enum(CHANNELS).nullable(),
  checked_out_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
  lines: z.array(
    z.object({ mst_item_id: z.number(), name: z.string(), price: z.number(), quantity: z.number() }),
  ),
  charge: chargeViewSchema.nullable(),
});
export type OrderView = z.infer<typeof orderViewSchema>;

export const orderResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: orderViewSchema,
});
export const ordersResponseSchema = z.object({ success: z.literal(true), data: z.array(orderViewSchema) });

/** The items a registrant's school offers (the parent's cart screen). */
export const orderItemsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(
    z.object({ id: z.number(), name: z.string(), price: z.number(), description: z.string().nullable() }),
  ),
});

/** GET/POST /registrant_order/{registrant id}: the cart (null before the first line) and the items on offer. */
export const cartResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: orderViewSchema.nullable(),
  items: orderItemsResponseSchema.shape.data,
});

/** GET /admin/registrant/detailorder: orders of every registrant, staff. */
export const orderListQuerySchema = z.strictObject({
  school_id: strictId('Sekolah tidak valid.').optional(),
  state: z.enum(['pending', 'paid', 'cancelled', 'expired', 'reversed']).optional(),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export const orderListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(orderViewSchema.omit({ lines: true, charge: true }).extend({ items: z.string() })),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
