/** `@psb/contracts/payment-setup`: payment channels, the admin-fee calculation and the payment setup endpoints. */
export * from '../payment-setup';
