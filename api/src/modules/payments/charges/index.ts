/** Charges: one attempt each to collect an installment, a voucher purchase or an item order at the provider. */
export { openChargesInBulk } from './bulk';
export { closeAtProvider } from './close';
export { openCharge, openChargeFor } from './open';
export { orderIdPrefix, parseOrderId } from './order-id';
export { openChargeOf } from './still-open';
export type { ChargeRequest, ChargeTarget, PaymentDeps, PrepareCharge } from './types';
export { CHARGE_COLUMNS, toChargeView } from './view';
