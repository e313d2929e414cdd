/** Bills, charges at the payment provider, payouts, purchases, the payment setup and vouchers. */
export { orderIdPrefix } from './charges';
export { default as paymentRoutes } from './routes';
export { default as paymentSetupRoutes } from './setup/routes';
export { default as voucherRoutes } from './vouchers/routes';
