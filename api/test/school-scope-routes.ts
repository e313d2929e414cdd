/**
 * The classification the school-scope matrix (src/db/school-scope.test.ts) needs for every staff route whose
 * path takes an id and that the engine does not serve: what the id names, or why another school's id is not
 * the question. A new such route fails the matrix until it is listed here.
 */

export type Expect = 'record' | 'list';
/** Hand-written routes whose id names a school-owned record: which table, and how "not yours" looks. */
export const HAND_WRITTEN: Record<string, { table: string; expect: Expect; body?: unknown }> = {
  'GET /api/v1/registrant/:id': { table: 'registrants', expect: 'record' },
  'PUT /api/v1/registrant/open_form/:id': {
    table: 'registrants',
    expect: 'record',
    body: { reason: 'Data perlu diperbaiki' },
  },
  'PUT /api/v1/registrant/verify/:id': { table: 'registrants', expect: 'record' },
  'GET /api/v1/registrant/information_detail/:id': { table: 'registrants', expect: 'record' },
  // Assisted registration: the slip and the late account look the registrant up (and hide it) first.
  'POST /api/v1/registrant/login_slip/:id': { table: 'registrants', expect: 'record', body: {} },
  'PUT /api/v1/registrant/account/:id': {
    table: 'registrants',
    expect: 'record',
    body: { parent_name: 'Orang Tua', phone_number: '081234567890' },
  },
  'GET /api/v1/registrant/duplicates/:id': { table: 'registrants', expect: 'record' },
  'GET /api/v1/registrant/siblings/:id': { table: 'registrants', expect: 'record' },
  // The registrant by its registration number (the path names it by number, not by id).
  'GET /api/v1/registrant/registration_number/:n': { table: 'registrants', expect: 'record' },
  'PUT /api/v1/registrant/:id': { table: 'registrants', expect: 'record', body: { data: { '2': 'Adik' } } },
  'PUT /api/v1/registrant/answer/:id': {
    table: 'registrants',
    expect: 'record',
    body: { data: { '2': 'Nama panggilan' } },
  },
  'POST /api/v1/config/test_overview/:id': { table: 'registrants', expect: 'record' },
  // Results and graduation: the registrant is looked up (and hidden) before anything else.
  'PUT /api/v1/registrant/result/:id': {
    table: 'registrants',
    expect: 'record',
    body: { mst_accepted_status_id: 1 },
  },
  'POST /api/v1/registrant/publish/:id': { table: 'registrants', expect: 'record', body: {} },
  'POST /api/v1/registrant/staff_withdraw/:id': {
    table: 'registrants',
    expect: 'record',
    body: { reason: 'Mengundurkan diri' },
  },
  'GET /api/v1/registrant/recap/:id': { table: 'registrants', expect: 'record' },
  // The signed agreement: the registrant is looked up (and hidden) before the signature.
  'GET /api/v1/registrants/offers/:id/agreement': { table: 'registrants', expect: 'record' },
  'GET /api/v1/registrant/graduation/:id': { table: 'registrants', expect: 'record' },
  'GET /api/v1/registrant/graduation/:id/letter': { table: 'registrants', expect: 'record' },
  'GET /api/v1/registrant/graduation/:id/spotc': { table: 'registrants', expect: 'record' },
  'GET /api/v1/registrant/graduation/:id/result_card': { table: 'registrants', expect: 'record' },
  'DELETE /api/v1/registrant/:id': { table: 'registrants', expect: 'record' },
  'POST /api/v1/registrant/restore/:id': { table: 'registrants', expect: 'record' },
  // The ids in the bodies name nothing real: the registrant is looked up (and hidden) first.
  'POST /api/v1/registrant/mutation/:id': {
    table: 'registrants',
    expect: 'record',
    body: { mst_class_id: 1 },
  },
  'POST /api/v1/registrant/mutation_period/:id': {
    table: 'registrants',
    expect: 'record',
    body: { school_period_id: 1, mst_class_id: 1 },
  },
  // Staff submit on the parent's behalf through the parent's route.
  'POST /api/v1/registrant/submit/:id': { table: 'registrants', expect: 'record' },
  'GET /api/v1/registrant/file/:id/:folder': { table: 'registrants', expect: 'record' },
  // The id is the parent's account; another school's registrants are simply not in the answer.
  'GET /api/v1/registrant/user/:id': { table: 'users', expect: 'list' },
  'GET /api/v1/mst_tokens/available/:x': { table: 'school_years', expect: 'list' },
  'POST /api/v1/mst_token/reset/:token': { table: 'mst_tokens', expect: 'record' },
  // Bills: the registrant is looked up first when one is billed; every other route names the bill.
  'POST /api/v1/registrant/mutation_payment/:id': { table: 'registrants', expect: 'record' },
  'POST /api/v1/registrant/payment/:id': {
    table: 'registrants',
    expect: 'record',
    body: { mst_type_payment_id: 1, cost: 1000 },
  },
  ...Object.fromEntries(
    [
      ['GET /api/v1/registrant_header_payment/:id'],
      ['GET /api/v1/registrant_header_payments/history/:id'],
      ['POST /api/v1/registrant_header_payments/publish/:id'],
      ['POST /api/v1/registrant_header_payments/generate_va/:id', { channel: 'bca' }],
      ['POST /api/v1/registrant_header_payments/generate_va_cicilan/:id'],
      [
        'POST /api/v1/registrant_header_payments/generate_cicilan/:id',
        { count: 2, first_due_date: '2027-01-10' },
      ],
      [
        'PUT /api/v1/registrant_installment_payment/:id',
        { installments: [{ amount: 1000, due_date: '2027-01-10' }] },
      ],
      [
        'POST /api/v1/registrant_header_payments/approve_payment/:id',
        { method: 'cash', reason: 'Tunai di kantor' },
      ],
      ['POST /api/v1/registrant_header_payments/send_expired_notification/:id'],
      ['POST /api/v1/registrant/reset_payment/:id'],
      ['DELETE /api/v1/registrant_header_payment/:id'],
      [
        'PUT /api/v1/registrant_header_payment/:id',
        { installments: [{ amount: 1000, due_date: '2027-01-10' }] },
      ],
    ].map(([key, body]) => [key, { table: 'registrant_header_payments', expect: 'record' as const, body }]),
  ),
  // The other name of the bill's deletion, on a bill of its own (the one above is deleted by then).
  'DELETE /api/v1/registrant_header_payment/parent/:id': { table: 'bills_to_delete', expect: 'record' },
  // Bill lines: listed by their bill; one line read, changed or removed by its own id.
  'GET /api/v1/registrant_detail_payments/:id': { table: 'registrant_header_payments', expect: 'record' },
  'GET /api/v1/registrant_detail_payment/:id': { table: 'registrant_detail_payments', expect: 'record' },
  'PUT /api/v1/registrant_detail_payment/:id': {
    table: 'registrant_detail_payments',
    expect: 'record',
    body: { amount: 2000 },
  },
  'DELETE /api/v1/registrant_detail_payment/:id': { table: 'registrant_detail_payments', expect: 'record' },
  // Test seats: a seat is taken away by its id; a registrant's schedule is looked up (and hidden) first.
  'DELETE /api/v1/registrant_test/:id': { table: 'registrant_tests', expect: 'record' },
  'GET /api/v1/registrant_test/:id': { table: 'registrant_tests', expect: 'record' },
  'PUT /api/v1/registrant_test/:id': {
    table: 'registrant_tests',
    expect: 'record',
    body: { mst_test_detail_id: 1 },
  },
  'POST /api/v1/registrant_test/restore/:id': { table: 'registrant_tests', expect: 'record' },
  'GET /api/v1/registrant/test_schedule/:id': { table: 'registrants', expect: 'record' },
  // Scoring: the id is the seat (registrant_tests) or the registrant; test cards: the registrant or the session.
  'PUT /api/v1/registrant_subject_score/:id': {
    table: 'registrant_tests',
    expect: 'record',
    body: { mst_subject_id: 1, score: 1 },
  },
  'PUT /api/v1/registrant_health_data/:id': { table: 'registrants', expect: 'record' },
  'PUT /api/v1/registrant_bimbingan_konseling/:id': { table: 'registrants', expect: 'record' },
  'GET /api/v1/registrant_health_data/:id': { table: 'registrants', expect: 'record' },
  'GET /api/v1/registrant_bimbingan_konseling/:id': { table: 'registrants', expect: 'record' },
  'POST /api/v1/registrant/publish/test_announcement/:id': { table: 'registrants', expect: 'record' },
  'GET /api/v1/registrant_tests/card/:id': { table: 'registrants', expect: 'record' },
  'GET /api/v1/registrant_tests/cards/:id': { table: 'mst_test_details', expect: 'record' },
  // A session's subjects: the session is looked up (and hidden) first.
  'GET /api/v1/mst_test_detail/subjects/:id': { table: 'mst_test_details', expect: 'record' },
  'PUT /api/v1/mst_test_detail/subjects/:id': {
    table: 'mst_test_details',
    expect: 'record',
    body: { subjects: [] },
  },
  // The orders of one item: the item is looked up (and hidden) first.
  'GET /api/v1/registrant_detail_payment/order/export/:id': { table: 'mst_items', expect: 'record' },
  // Documents verified one by one: the registrant's documents, and a school's required documents.
  'GET /api/v1/registrant/documents/:id': { table: 'registrants', expect: 'record' },
  'PUT /api/v1/registrant/documents/:id/:folder/accept': { table: 'registrants', expect: 'record' },
  'PUT /api/v1/registrant/documents/:id/:folder/reject': {
    table: 'registrants',
    expect: 'record',
    body: { reason: 'Foto/dokumen buram atau tidak terbaca' },
  },
  'GET /api/v1/registrant/document_requirements/:school_id': { table: 'schools', expect: 'record' },
  'PUT /api/v1/registrant/document_requirements/:school_id': {
    table: 'schools',
    expect: 'record',
    body: { folders: ['photo'] },
  },
  // An interview slot of a period of the school.
  'DELETE /api/v1/appointment_slots/:id': { table: 'appointment_slots', expect: 'record' },
  // A parent's correction request about their child: found through the registrant (hidden with it) first.
  'POST /api/v1/privacy/requests/:id/resolve': {
    table: 'privacy_requests',
    expect: 'record',
    body: { action: 'refuse', reason: 'Data sudah benar' },
  },
};
/**
 * Accounts and roles: a role limited to B's schools and a parent whose only registrant is at B are outside A's
 * schools (the engine's user and role routes join them through the resources' row scope).
 */
export const ACCOUNTS: Record<string, { table: string; expect: Expect; body?: unknown }> = {
  'POST /api/v1/user/reset/:id': { table: 'users', expect: 'record' },
  'GET /api/v1/role_modules/role/:id': { table: 'roles', expect: 'record' },
  'POST /api/v1/role_module/:role': { table: 'roles', expect: 'record', body: [] },
  'POST /api/v1/copy_role_module/:a/:b': { table: 'roles', expect: 'record' },
  'GET /api/v1/role_school/role/:id': { table: 'roles', expect: 'record' },
  'POST /api/v1/role_school/:id': { table: 'roles', expect: 'record', body: { school_ids: [] } },
};
/** Routes taking an id that is not a school-owned record. */
export const NOT_SCHOOL_OWNED = new Set([
  // Items of a staff-edited content list (ids inside the list, not records of a school).
  'DELETE /api/v1/config/delete/faq/:id',
  'DELETE /api/v1/config/delete/guide/:id',
  // A named config by its name (the tenant's content, not a school's).
  'GET /api/v1/config/:name',
  // The generic delete of a table outside the catalogue: refused whatever the id.
  'DELETE /api/v1/config/delete/:table/:id',
  // A background job's progress (the job row belongs to the tenant, not to a school).
  'GET /api/v1/registrant/assign/test/job/:id',
  'GET /api/v1/registrant_header_payments/bulk/:id',
  // Admin fees belong to the foundation, not to a school.
  'GET /api/v1/us/convenience_fee/:id/calculate',
  // The name of a school information system; the rows are the caller's schools' paid registrants only.
  'GET /api/v1/registrant_header_payments/send_data_to_:product',
  // Payouts belong to the foundation, not to a school.
  'POST /api/v1/us/midtrans_payout/:id/approve',
  'POST /api/v1/us/midtrans_payout/:id/reject',
  // The tenant's own rejection reasons (a list of the foundation's, not a school's).
  'DELETE /api/v1/registrant/document_reasons/:id',
  // The text of an offer message by its kind (the tenant's message templates, not a school's record).
  'PUT /api/v1/registrants/offers/templates/:kind',
  // The caller's own data export (404 for anyone else's, staff or parent).
  'GET /api/v1/me/data_export/:id',
  'GET /api/v1/me/data_export/:id/file',
]);
/** Parent-only routes (the id must be the caller's own registrant): staff are refused whatever the school. */
export const PARENT_ONLY = new Set([
  'POST /api/v1/registrant/complete/:id',
  'POST /api/v1/registrant/upload/:id',
  'POST /api/v1/registrant/withdraw/:id',
  'GET /api/v1/registrant_payment/:id',
  'GET /api/v1/registrant_payment/:id/wait',
  'POST /api/v1/registrant_payment/:id/charge',
  'GET /api/v1/registrant_payment/receipt/:id',
  'GET /api/v1/registrant_payment/:id/qris/:charge_id',
  // The parent's own offer of a seat (404 when the registrant is not theirs).
  'GET /api/v1/registrant/offer/:id',
  'POST /api/v1/registrant/offer/:id/sign',
  'POST /api/v1/registrant/offer/:id/decline',
  'GET /api/v1/registrant/offer/:id/agreement',
  // Voucher purchases and item orders: the caller's own purchase, order or registrant (404 otherwise).
  'GET /api/v1/mst_token/buy/:x',
  'POST /api/v1/mst_token/buy/:x/charge',
  'DELETE /api/v1/mst_token/buy/:x',
  'POST /api/v1/user/token/buy/:user_id/:count',
  'GET /api/v1/registrant_order/:id',
  'POST /api/v1/registrant_order/:id',
  'GET /api/v1/registrant_order/trans/:id',
  'GET /api/v1/us/order/:id',
  'POST /api/v1/us/order/:id/charge',
  'GET /api/v1/order/invoice/:id',
  // The parent's own test card (404 when not theirs, 403 until published).
  'GET /api/v1/registrant/test_card/:id',
  // The parent's view of their documents, and their child's interview and observation bookings.
  'GET /api/v1/registrant/document_states/:id',
  // The parent confirms the family answers copied into their own child's form (404 when not theirs).
  'POST /api/v1/registrant/family_confirm/:id',
  'GET /api/v1/registrant/appointment/:id',
  'POST /api/v1/registrant/appointment/:id',
  'PUT /api/v1/registrant/appointment/:id',
  'DELETE /api/v1/registrant/appointment/:id/:kind',
]);
