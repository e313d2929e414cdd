/** `@psb/contracts/payments`: bills, installments, charges, channels and how to pay; voucher purchases and item orders. */
export * from '../payments/bills';
export * from '../payments/channels';
export * from '../payments/installments';
export * from '../payments/payouts';
export * from '../payments/purchases';
export * from '../payments/reconciliation';
export { formatRupiah } from '../rupiah';
