/** `@psb/contracts/reports`: the report declarations, their queries and answers, and the dashboard. */

export { BILL_STATE_LABELS } from '../payments/bills';
export { REGISTRANT_STATUSES, STATUS_LABELS } from '../registrant-status';
export * from '../reports';
export { formatRupiah } from '../rupiah';
