/**
 * The order in which triggers that share a table, a timing (BEFORE/AFTER), a level (row/statement), a
 * deferral and an event fire. PostgreSQL fires such triggers by name, so this list is what their names must
 * keep sorting into; `trigger-order.test.ts` fails when a trigger is added, renamed or removed in a way that
 * changes it, until this list says where the new one goes (and why, when it matters).
 *
 * Key: `<table> <BEFORE|AFTER> <ROW|STATEMENT>`, with ` DEFERRED` for constraint triggers run at the commit.
 */
export const TRIGGER_ORDER: Record<string, string[]> = {
  // A registrant's running summaries are updated in one order for every kind of write — duplicate counts, list
  // counts, then the reports' days — so two transactions never each hold a summary row the other waits for
  // (they deadlocked). The rest keep the places they have always had: the school passed down to the
  // registrant's own rows first, the cancelling of a rejected registrant's graduation bills (which updates
  // bills, and so the bills' summaries) before the registrant's own report row.
  'registrants AFTER ROW': [
    'pass_school_id_consents',
    'pass_school_id_privacy_requests',
    'pass_school_id_registrant_bimbingan_konseling',
    'pass_school_id_registrant_document_versions',
    'pass_school_id_registrant_health_data',
    'pass_school_id_registrant_status_history',
    'pass_school_id_registrant_subject_scores',
    'pass_school_id_sensitive_views',
    'registrant_duplicate_counts',
    'registrant_list_counts',
    'registrants_cancel_graduation_bills',
    'report_summaries',
  ],
  // Inserts take the summaries in the same order as updates, per statement over its rows.
  'registrants AFTER STATEMENT': [
    'registrant_duplicate_counts_insert',
    'registrant_list_counts_insert',
    'report_summaries_insert',
  ],
  // A bill paid in full re-registers its accepted registrant first; the bill's own report row follows, so the
  // reports read the registrant in its new state.
  'registrant_header_payments AFTER ROW': ['registrant_header_payments_re_register', 'report_summaries'],
  // At the commit, each list's version is raised once per transaction whatever the order.
  'registrants AFTER ROW DEFERRED': [
    'registrants_registrants_version',
    'registrants_registrants_version_update',
    'registrants_results_version',
    'registrants_results_version_update',
  ],
  'registrant_header_payments AFTER ROW DEFERRED': [
    'registrant_header_payments_registrants_version',
    'registrant_header_payments_registrants_version_update',
    'registrant_header_payments_results_version',
    'registrant_header_payments_results_version_update',
  ],
  // Each child takes the period's new school on its own; none reads another.
  'school_periods AFTER ROW': [
    'pass_school_id_appointment_slots',
    'pass_school_id_class_periods',
    'pass_school_id_mst_test_details',
    'pass_school_id_schedule_tests',
    'pass_school_id_school_payments',
    'pass_school_id_setup_payments',
  ],
};
