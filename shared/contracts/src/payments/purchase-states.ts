// No zod here: the parent's home names a purchase's state with these, and its first chunk must not wait for
// the schemas (`@psb/contracts/purchase-states`).

export const PURCHASE_STATES = ['pending', 'paid', 'cancelled', 'expired', 'reversed'] as const;
export type PurchaseState = (typeof PURCHASE_STATES)[number];
/** A registrant's order: a cart until checkout. Expiry is never stored; it shows through the order's charge. */
export type OrderState = 'cart' | Exclude<PurchaseState, 'expired'>;
export const PURCHASE_STATE_LABELS: Record<PurchaseState | 'cart', string> = {
  cart: 'Keranjang',
  pending: 'Menunggu pembayaran',
  paid: 'Lunas',
  cancelled: 'Dibatalkan',
  expired: 'Kedaluwarsa',
  reversed: 'Dibatalkan bank',
};
