/**
 * A staff role's schools are enforced by PostgreSQL (see school-scope-policies.test.ts for the policies): the
 * generated matrix below asks every staff route that takes a record id for another school's record.
 */
import crypto from 'node:crypto';
import { RESOURCES, voucherResource } from '@psb/contracts';
import { appPerFile } from '../../test/app-per-file';
import { postPhoto, testImage } from '../../test/file-form';
import { call } from '../../test/helpers';
import { demo, newRegistrant, openPeriod } from '../../test/parent-journey';
import { policyTables } from '../../test/school-scope-policies';
import { everyModule } from '../../test/staff';
import { compiledResources } from '../engine';

const t = appPerFile();

// The matrix: generated from app.routeAccess. A staff route whose path takes an id is either an engine route
// (its resource's table decides whether it is school-owned, from the policies themselves) or listed below.

type Expect = 'record' | 'list';
/** Hand-written routes whose id names a school-owned record: which table, and how "not yours" looks. */
const HAND_WRITTEN: Record<string, { table: string; expect: Expect; body?: unknown }> = {
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
const ACCOUNTS: Record<string, { table: string; expect: Expect; body?: unknown }> = {
  'POST /api/v1/user/reset/:id': { table: 'users', expect: 'record' },
  'GET /api/v1/role_modules/role/:id': { table: 'roles', expect: 'record' },
  'POST /api/v1/role_module/:role': { table: 'roles', expect: 'record', body: [] },
  'POST /api/v1/copy_role_module/:a/:b': { table: 'roles', expect: 'record' },
  'GET /api/v1/role_school/role/:id': { table: 'roles', expect: 'record' },
  'POST /api/v1/role_school/:id': { table: 'roles', expect: 'record', body: { school_ids: [] } },
};
/** Routes taking an id that is not a school-owned record. */
const NOT_SCHOOL_OWNED = new Set([
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
  // The caller's own data export (404 for anyone else's, staff or parent).
  'GET /api/v1/me/data_export/:id',
  'GET /api/v1/me/data_export/:id/file',
]);
/** Parent-only routes (the id must be the caller's own registrant): staff are refused whatever the school. */
const PARENT_ONLY = new Set([
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
  'GET /api/v1/registrant/appointment/:id',
  'POST /api/v1/registrant/appointment/:id',
  'PUT /api/v1/registrant/appointment/:id',
  'DELETE /api/v1/registrant/appointment/:id/:kind',
]);

const staffOf = (schoolId: number) => t.staff(everyModule(), [schoolId]);

/** One live record of school SMP (the "other" school) in every school-owned table, by table. */
async function smpRecords(): Promise<Record<string, { id: number | string; user?: number }>> {
  const d = await demo(t);
  const q = async (sql: string, values: unknown[] = []) =>
    (await t.ownerPool.query<{ id: number }>(sql, values)).rows[0]!.id;
  const p = await openPeriod(t, { level: 'SMP' });
  const r = await newRegistrant(t); // SD by default: moved to the SMP period and class below
  await t.ownerPool.query(
    'UPDATE registrants SET school_id = $2, school_period_id = $3, mst_class_id = $4 WHERE id = $1',
    [r.id, d.smp, p.periodId, p.classId],
  );
  const upload = await postPhoto(t, r.id, r.parent.token, await testImage('png', 60, 80));
  expect(upload.status).toBe(200);
  await t.ownerPool.query(
    "UPDATE registrants SET status = 'submitted', is_submit = true, locked = true WHERE id = $1",
    [r.id],
  );
  const parentId = await q('SELECT id FROM users WHERE email = $1', [r.parent.email]);
  const token = `S${crypto.randomBytes(5).toString('hex').toUpperCase()}`;
  await t.ownerPool.query(
    'INSERT INTO mst_tokens (tenant_id, token, school_year_id, school_id) VALUES ($1, $2, $3, $4)',
    [d.tenant_id, token, d.year_id, d.smp],
  );
  const tenant = d.tenant_id;
  /** A bill of 1000 in one installment, of a payment type of its own, to the SMP registrant. */
  const bill = (type: string, code: string, state: string) =>
    q(
      `WITH t AS (INSERT INTO mst_type_payments (tenant_id, name, code) VALUES ($1, $4, $5) RETURNING id),
            h AS (INSERT INTO registrant_header_payments (tenant_id, registrant_id, school_id, mst_type_payment_id, state, total_amount)
                  SELECT $1, $2, $3, t.id, $6, 1000 FROM t RETURNING id, school_id),
            i AS (INSERT INTO registrant_installment_payments (tenant_id, header_id, school_id, seq, amount)
                  SELECT $1, h.id, h.school_id, 1, 1000 FROM h)
       SELECT id FROM h`,
      [tenant, r.id, d.smp, type, code, state],
    );
  return {
    schools: { id: d.smp },
    school_periods: { id: p.periodId },
    mst_grades: { id: await q("SELECT id FROM mst_grades WHERE school_id = $1 AND name <> 'TK'", [d.smp]) },
    mst_classes: { id: p.classId },
    class_periods: { id: await q('SELECT id FROM class_periods WHERE school_period_id = $1', [p.periodId]) },
    mst_questions: {
      id: await q(
        "INSERT INTO mst_questions (tenant_id, school_id, question) VALUES ($1, $2, 'Hobi?') RETURNING id",
        [tenant, d.smp],
      ),
    },
    mst_items: {
      id: await q(
        "INSERT INTO mst_items (tenant_id, school_id, name, price) VALUES ($1, $2, 'Seragam SMP', 100000) RETURNING id",
        [tenant, d.smp],
      ),
    },
    mst_resps: {
      id: await q(
        "INSERT INTO mst_resps (tenant_id, school_id, code, name) VALUES ($1, $2, 'R-SMP', 'Resp SMP') RETURNING id",
        [tenant, d.smp],
      ),
    },
    mst_additional_payments: {
      id: await q(
        `INSERT INTO mst_additional_payments (tenant_id, school_id, name, mst_type_payment_id, amount)
         SELECT $1, $2, 'Infaq SMP', id, 50000 FROM mst_type_payments WHERE tenant_id = $1 AND code = 'UP'
         RETURNING id`,
        [tenant, d.smp],
      ),
    },
    school_payments: {
      id: await q(
        `INSERT INTO school_payments (tenant_id, school_period_id, mst_type_payment_id)
         SELECT $1, $2, id FROM mst_type_payments WHERE tenant_id = $1 AND code = 'SRG' RETURNING id`,
        [tenant, p.periodId],
      ),
    },
    setup_payments: {
      id: await q(
        `INSERT INTO setup_payments (tenant_id, school_period_id, mst_payment_id, amount)
         SELECT $1, $2, id, 250000 FROM mst_payments WHERE tenant_id = $1 AND name = 'Seragam Olahraga'
         RETURNING id`,
        [tenant, p.periodId],
      ),
    },
    mst_tokens: { id: await q('SELECT id FROM mst_tokens WHERE token = $1', [token]) },
    mst_token_codes: { id: token },
    registrants: { id: r.id },
    registration_numbers: { id: r.registrationNumber },
    registrant_header_payments: { id: await bill('Uang Pangkal SMP', 'UP-SMP', 'published') },
    bills_to_delete: { id: await bill('Buku SMP', 'BK-SMP', 'draft') },
    // A line on a bill of its own, so the matrix deleting the bill above leaves this one to the line routes.
    registrant_detail_payments: {
      id: await q(
        `WITH t AS (INSERT INTO mst_type_payments (tenant_id, name, code) VALUES ($1, 'Seragam SMP', 'SRG-SMP') RETURNING id),
              h AS (INSERT INTO registrant_header_payments (tenant_id, registrant_id, school_id, mst_type_payment_id, state, total_amount)
                    SELECT $1, $2, $3, t.id, 'draft', 3000 FROM t RETURNING id, school_id),
              i AS (INSERT INTO registrant_installment_payments (tenant_id, header_id, school_id, seq, amount)
                    SELECT $1, h.id, h.school_id, 1, 3000 FROM h),
              a AS (INSERT INTO registrant_detail_payments (tenant_id, header_id, school_id, kind, name, amount)
                    SELECT $1, h.id, h.school_id, 'custom', 'Kaos', 1000 FROM h)
         INSERT INTO registrant_detail_payments (tenant_id, header_id, school_id, kind, name, amount)
         SELECT $1, h.id, h.school_id, 'custom', 'Celana', 2000 FROM h RETURNING id`,
        [tenant, r.id, d.smp],
      ),
    },
    users: { id: parentId },
    roles: {
      id: await q(
        `WITH r AS (INSERT INTO roles (tenant_id, name) VALUES ($1, 'Panitia SMP') RETURNING id, tenant_id)
         INSERT INTO role_schools (tenant_id, role_id, school_id) SELECT tenant_id, id, $2 FROM r RETURNING role_id AS id`,
        [tenant, d.smp],
      ),
    },
    school_years: { id: d.year_id },
    appointment_slots: {
      id: await q(
        `INSERT INTO appointment_slots (tenant_id, school_period_id, kind, slot_date, start_time, end_time,
           video_link, interviewer, capacity, booking_opens_at, booking_closes_at)
         VALUES ($1, $2, 'wawancara', current_date + 7, '09:00', '09:30', 'https://meet.example.id/smp',
           'Bu Ani', 2, now() - interval '1 day', now() + interval '5 days') RETURNING id`,
        [tenant, p.periodId],
      ),
    },
    privacy_requests: {
      id: await q(
        `INSERT INTO privacy_requests (tenant_id, user_id, kind, registrant_id, question_no, requested_value)
         VALUES ($1, $2, 'correction', $3, 1, 'Nama Benar') RETURNING id`,
        [tenant, parentId, r.id],
      ),
    },
    ...(await smpTestRecords(tenant, d.smp, p.periodId, r.id)),
  };
}

/** The tests of school SMP: a room, a test schedule of its period, a session in that room and a seat in it. */
async function smpTestRecords(tenant: number, smp: number, periodId: number, registrantId: number) {
  const q = async (sql: string, values: unknown[]) =>
    (await t.ownerPool.query<{ id: number }>(sql, values)).rows[0]!.id;
  const room = await q(
    "INSERT INTO mst_rooms (tenant_id, school_id, name, capacity) VALUES ($1, $2, 'Ruang SMP Lingkup', 20) RETURNING id",
    [tenant, smp],
  );
  const testType = "(SELECT id FROM mst_tests WHERE tenant_id = $1 AND code = 'TT')";
  const session = await q(
    `INSERT INTO mst_test_details (tenant_id, name, mst_test_id, school_period_id, mst_room_id, test_date,
       start_time, end_time, quota, used_quota)
     VALUES ($1, 'Sesi Lingkup', ${testType}, $2, $3, '2027-01-12', '08:00', '10:00', 20, 1) RETURNING id`,
    [tenant, periodId, room],
  );
  return {
    mst_rooms: { id: room },
    schedule_tests: {
      id: await q(
        `INSERT INTO schedule_tests (tenant_id, school_period_id, mst_test_id, start_date, end_date)
         VALUES ($1, $2, ${testType}, '2027-01-10', '2027-01-20') RETURNING id`,
        [tenant, periodId],
      ),
    },
    mst_test_details: { id: session },
    registrant_tests: {
      id: await q(
        `INSERT INTO registrant_tests (tenant_id, registrant_id, school_id, mst_test_detail_id, mst_test_id,
           assign_method)
         VALUES ($1, $2, $3, $4, ${testType}, 'manual') RETURNING id`,
        [tenant, registrantId, smp, session],
      ),
    },
  };
}

interface Case {
  method: string;
  url: string;
  table: string;
  expect: Expect;
  body?: unknown;
}

async function matrixCases(): Promise<Case[]> {
  const policies = await policyTables(t.ownerPool);
  const rowScoped = new Set([...compiledResources().values()].filter((c) => c.rowScope).map((c) => c.table));
  const engine = new Map<string, string>();
  for (const d of [...RESOURCES, voucherResource]) {
    engine.set(`/api/v1/${d.name}/:id`, d.table);
    engine.set(`/api/v1/${d.name}/restore/:id`, d.table);
    if (d.table !== 'users' && d.table !== 'roles')
      engine.set(`/api/v1/config/delete/${d.table}/:id`, d.table);
  }
  const cases: Case[] = [];
  const unclassified: string[] = [];
  for (const r of t.app.routeAccess) {
    // HEAD shares its GET's handler.
    if (r.access === 'public' || r.method === 'HEAD' || !r.url.includes(':')) continue;
    const key = `${r.method} ${r.url}`;
    if (NOT_SCHOOL_OWNED.has(key) || PARENT_ONLY.has(key)) continue;
    const hand = HAND_WRITTEN[key] ?? ACCOUNTS[key];
    const table = hand?.table ?? engine.get(r.url);
    if (!table) {
      unclassified.push(key);
      continue;
    }
    if (hand || policies.has(table) || rowScoped.has(table))
      cases.push({ method: r.method, url: r.url, table, expect: hand?.expect ?? 'record', body: hand?.body });
  }
  // A new route taking an id must say what the id is, so that it is checked here.
  expect(unclassified).toEqual([]);
  return cases;
}

const urlOf = (c: Case, records: Awaited<ReturnType<typeof smpRecords>>) => {
  const byCode = c.url.includes(':token')
    ? 'mst_token_codes'
    : c.url.includes(':n')
      ? 'registration_numbers'
      : null;
  const id = String(records[byCode ?? c.table]!.id);
  return c.url
    .replace(/:(id|x|token|n|role|a|school_id)\b/, id)
    .replace(':b', id)
    .replace(':folder', 'photo');
};

/** Writes last, and each restore right after its archive, so the role of the record's school can do each. */
const ORDER: Record<string, number> = { GET: 0, PUT: 1, POST: 2, DELETE: 3 };
const sortForWrites = (cases: Case[]) =>
  [...cases].sort((a, b) => {
    // A staff withdrawal archives the registrant for good: it goes last, after the archive and the restore.
    const rank = (c: Case) =>
      c.url.includes('/restore/')
        ? 4
        : c.url.includes('/config/delete/') // the generic delete archives the record again, once restored
          ? 4.2
          : c.url.includes('/staff_withdraw/')
            ? 4.5
            : (ORDER[c.method] ?? 5);
    return rank(a) - rank(b);
  });

describe('school-scope matrix (generated from app.routeAccess)', () => {
  it("a role limited to school A gets 404 for school B's record on every staff route; B's role gets it", async () => {
    const records = await smpRecords();
    const d = await demo(t);
    const sdStaff = await staffOf(d.sd);
    const smpStaff = await staffOf(d.smp);
    const cases = await matrixCases();
    expect(cases.map((c) => `${c.method} ${c.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/v1/registrant/:id',
        'PUT /api/v1/registrant/open_form/:id',
        'GET /api/v1/registrant/file/:id/:folder',
        'DELETE /api/v1/school_period/:id',
        'PUT /api/v1/mst_class/:id',
        'GET /api/v1/user/:id',
        'PUT /api/v1/role/:id',
        'POST /api/v1/user/reset/:id',
      ]),
    );

    const ask = (c: Case, token: string) =>
      call(t.app, {
        method: c.method as 'GET',
        url: urlOf(c, records),
        token,
        ...(c.body ? { payload: c.body } : c.method === 'PUT' ? { payload: {} } : {}),
      });

    for (const c of cases) {
      const res = await ask(c, sdStaff);
      const route = `${c.method} ${c.url}`;
      if (c.expect === 'record') expect({ route, status: res.status }).toEqual({ route, status: 404 });
      else {
        expect({ route, status: res.status }).toEqual({ route, status: 200 });
        const rows = res.body.data as { school_id?: number }[];
        expect({ route, other: rows.filter((x) => x.school_id === d.smp) }).toEqual({ route, other: [] });
      }
    }

    for (const c of sortForWrites(cases)) {
      const res = await ask(c, smpStaff);
      const route = `${c.method} ${c.url}`;
      if (c.method === 'GET') {
        expect({ route, status: res.status }).toEqual({ route, status: 200 });
        if (c.expect === 'list') {
          const rows = res.body.data as { school_id?: number }[];
          expect({ route, found: rows.some((x) => x.school_id === d.smp) }).toEqual({ route, found: true });
        }
      } else {
        // The record is there for this role: whatever the write decides, it is not "not found".
        expect({ route, status: res.status < 500 && res.status !== 404 }).toEqual({ route, status: true });
      }
    }
  });
});
