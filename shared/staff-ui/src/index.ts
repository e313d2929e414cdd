/**
 * `@psb/staff-ui`: what the staff remotes would otherwise each write again. Not a federation singleton: it
 * holds no state of its own, and everything it renders comes from the shared @psb/ui and @psb/resource-ui.
 */

export { type DateRange, DateRangeFields, todayWib } from './form/DateRangeFields';
export { type ArchiveSwitch, StaffListPage } from './list/StaffListPage';
export { type BulkAction, useBulkAction } from './list/useBulkAction';
export {
  type BillChoice,
  type BillForm,
  CreateBillModal,
  type ExtraFields,
} from './payments/CreateBillModal';
export { fetchPaymentTypes, paymentTypesQuery, usePaymentTypes } from './payments/paymentTypes';
