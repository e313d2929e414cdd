/**
 * Columns typed by the set of values the database lets in (a CHECK constraint, or jsonb whose shape only one
 * module writes) rather than by their PostgreSQL type, so code reads `registrants.status` as a
 * `RegistrantStatus` and never narrows a row value with a cast. Each type is the contracts' name for that set;
 * nullability and defaults still come from the migrated database (see generate-types.ts).
 */
export const COLUMN_TYPES: Record<string, string> = {
  'background_jobs.status': 'JobStatus',
  'convenience_fees.channel': 'PaymentChannel',
  'convenience_fees.fee_type': 'FeeType',
  'document_formats.kind': 'DocumentKind',
  'mst_tokens.method': 'VoucherMethod',
  'notifications.channel': 'NotificationChannel',
  'notifications.status': 'DeliveryStatus',
  'payment_charges.channel': 'PaymentChannel',
  'payment_history.detail': 'JsonObject',
  'payment_inbox.body': 'MidtransNotificationBody',
  'payouts.status': 'PayoutStatusName',
  'registrant_header_payments.channels': 'PaymentChannel[]',
  'registrant_header_payments.state': 'BillState',
  'registrant_orders.channel': 'PaymentChannel',
  'registrant_orders.state': 'OrderState',
  'registrant_status_history.detail': 'JsonObject',
  'registrant_tests.assign_method': 'AssignMethod',
  'registrants.documents': 'StoredDocuments',
  'registrants.family_copied': 'Answers',
  'registrants.question_answer': 'Answers',
  'registrants.status': 'RegistrantStatus',
  'school_payments.channels': 'PaymentChannel[]',
  'voucher_purchases.state': 'PurchaseState',
};

/** Where each type above is declared, as kysely-codegen's `customImports` ("module#name"). */
export const COLUMN_TYPE_IMPORTS: Record<string, string> = {
  ...Object.fromEntries(
    [
      'Answers',
      'AssignMethod',
      'BillState',
      'DeliveryStatus',
      'DocumentKind',
      'FeeType',
      'JobStatus',
      'NotificationChannel',
      'OrderState',
      'PaymentChannel',
      'PayoutStatusName',
      'PurchaseState',
      'RegistrantStatus',
      'StoredDocuments',
      'VoucherMethod',
    ].map((name) => [name, `@psb/contracts#${name}`]),
  ),
  // The provider's own wire shape, stored as received.
  MidtransNotificationBody: '../../integrations/midtrans/types#MidtransNotificationBody',
};
