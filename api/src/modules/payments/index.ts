/** Bills, charges at the payment provider, payouts, purchases, the payment setup and vouchers. */
export { orderIdPrefix } from './charges';
export { BILLED_TO_FAMILY_SQL, COUNTED_BILL_SQL } from './counted-bills';
export { default as paymentRoutes } from './routes';
export { default as paymentSetupRoutes } from './setup/routes';
export { markUnused, markUsed } from './vouchers/release';
export { default as voucherRoutes } from './vouchers/routes';
