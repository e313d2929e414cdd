import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../../db/tenant-db';

/** Whose data an export gathers: the account, its registrants (archived ones too) and their bills. */
export interface Subject {
  userId: number;
  registrantIds: number[];
  headerIds: number[];
}

/**
 * One file of the parent's download: a table's rows about the account or its children. `covers` names the
 * columns (table.column) that reference an account or a registrant and through which this file finds its
 * rows; the completeness test holds every such column of the schema to this list or to NOT_EXPORTED.
 */
export interface DataSource {
  file: string;
  /** The section title in the PDF summary. */
  title: string;
  covers: readonly string[];
  rows(db: Db, tenantId: number, s: Subject): Promise<Record<string, unknown>[]>;
}

const ids = (list: number[]) => sql`${sql.val(list)}::int[]`;

/** Rows of `table` matching `where` (the tenant bound by the connection and checked again here). */
async function select(
  db: Db,
  table: string,
  tenantId: number,
  where: RawBuilder<unknown>,
  columns = sql`t.*`,
) {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT ${columns} FROM ${sql.table(table)} t WHERE t.tenant_id = ${tenantId} AND (${where}) ORDER BY 1, 2`.execute(
    db,
  );
  return rows;
}

export const DATA_SOURCES: readonly DataSource[] = [
  {
    file: 'akun',
    title: 'Akun',
    covers: [],
    // Never the password hash nor the session counter: secrets, not data about the person.
    rows: (db, t, s) =>
      select(
        db,
        'users',
        t,
        sql`t.id = ${s.userId}`,
        sql`t.id, t.name, t.email, t.phone_number, t.email_verified_at, t.created_at, t.updated_at, t.deleted_at`,
      ),
  },
  {
    file: 'persetujuan',
    title: 'Persetujuan',
    covers: ['consents.user_id', 'consents.registrant_id'],
    rows: (db, t, s) =>
      select(
        db,
        'consents',
        t,
        sql`t.user_id = ${s.userId} OR t.registrant_id = ANY(${ids(s.registrantIds)})`,
      ),
  },
  {
    file: 'permintaan_data',
    title: 'Permintaan perbaikan dan penghapusan data',
    covers: ['privacy_requests.user_id', 'privacy_requests.registrant_id'],
    rows: (db, t, s) =>
      select(
        db,
        'privacy_requests',
        t,
        sql`t.user_id = ${s.userId} OR t.registrant_id = ANY(${ids(s.registrantIds)})`,
        sql`t.id, t.kind, t.registrant_id, t.question_no, t.requested_value, t.note, t.status, t.reason, t.created_at, t.due_at, t.resolved_at`,
      ),
  },
  {
    file: 'calon_murid',
    title: 'Calon murid dan jawaban formulir',
    covers: ['registrants.user_id'],
    rows: (db, t, s) => select(db, 'registrants', t, sql`t.user_id = ${s.userId}`),
  },
  {
    file: 'dokumen',
    title: 'Dokumen yang diunggah',
    covers: [],
    // The files themselves stay in storage; the list says what is held (name, kind, size, when).
    rows: async (db, t, s) =>
      (
        await sql<Record<string, unknown>>`
          SELECT r.id AS registrant_id, r.registration_number, d.key AS document, d.value AS file
          FROM registrants r CROSS JOIN LATERAL jsonb_each(r.documents) d
          WHERE r.tenant_id = ${t} AND r.user_id = ${s.userId} ORDER BY 1, 3`.execute(db)
      ).rows,
  },
  {
    file: 'riwayat_status',
    title: 'Riwayat status pendaftaran',
    covers: ['registrant_status_history.registrant_id'],
    // A seat offered from the reserve list says whose seat was freed: another family's number and registrant,
    // replaced by words here (as the offers file leaves them out).
    rows: (db, t, s) =>
      select(
        db,
        'registrant_status_history',
        t,
        sql`t.registrant_id = ANY(${ids(s.registrantIds)})`,
        sql`t.id, t.registrant_id, t.school_id, t.action, t.from_status, t.to_status,
            regexp_replace(t.reason, 'kursi dari \\S+ dilepas', 'kursi dari pendaftar lain dilepas', 'g') AS reason,
            t.detail - 'released_registrant_id' AS detail, t.user_id, t.created_at`,
      ),
  },
  {
    file: 'tes',
    title: 'Jadwal dan hasil tes',
    covers: ['registrant_tests.registrant_id'],
    rows: (db, t, s) =>
      select(db, 'registrant_tests', t, sql`t.registrant_id = ANY(${ids(s.registrantIds)})`),
  },
  {
    file: 'nilai_mata_pelajaran',
    title: 'Nilai mata pelajaran',
    covers: ['registrant_subject_scores.registrant_id'],
    rows: (db, t, s) =>
      select(db, 'registrant_subject_scores', t, sql`t.registrant_id = ANY(${ids(s.registrantIds)})`),
  },
  {
    file: 'kesehatan',
    title: 'Data kesehatan',
    covers: ['registrant_health_data.registrant_id'],
    rows: (db, t, s) =>
      select(db, 'registrant_health_data', t, sql`t.registrant_id = ANY(${ids(s.registrantIds)})`),
  },
  {
    file: 'bimbingan_konseling',
    title: 'Bimbingan konseling',
    covers: ['registrant_bimbingan_konseling.registrant_id'],
    rows: (db, t, s) =>
      select(db, 'registrant_bimbingan_konseling', t, sql`t.registrant_id = ANY(${ids(s.registrantIds)})`),
  },
  {
    file: 'cadangan',
    title: 'Daftar cadangan',
    covers: ['reserve_moves.registrant_id', 'reserve_moves.withdrawn_registrant_id'],
    rows: (db, t, s) =>
      select(
        db,
        'reserve_moves',
        t,
        sql`t.registrant_id = ANY(${ids(s.registrantIds)}) OR t.withdrawn_registrant_id = ANY(${ids(s.registrantIds)})`,
      ),
  },
  {
    file: 'token',
    title: 'Token pendaftaran',
    covers: ['mst_tokens.registrant_id', 'mst_tokens.owner_user_id', 'mst_tokens.used_by_user_id'],
    rows: (db, t, s) =>
      select(
        db,
        'mst_tokens',
        t,
        sql`t.owner_user_id = ${s.userId} OR t.used_by_user_id = ${s.userId} OR t.registrant_id = ANY(${ids(s.registrantIds)})`,
      ),
  },
  {
    file: 'pembelian_token',
    title: 'Pembelian token',
    covers: ['voucher_purchases.user_id'],
    rows: (db, t, s) => select(db, 'voucher_purchases', t, sql`t.user_id = ${s.userId}`),
  },
  {
    file: 'tagihan',
    title: 'Tagihan',
    covers: ['registrant_header_payments.registrant_id'],
    rows: (db, t, s) =>
      select(db, 'registrant_header_payments', t, sql`t.registrant_id = ANY(${ids(s.registrantIds)})`),
  },
  {
    file: 'cicilan',
    title: 'Cicilan tagihan',
    covers: [],
    rows: (db, t, s) =>
      select(db, 'registrant_installment_payments', t, sql`t.header_id = ANY(${ids(s.headerIds)})`),
  },
  {
    file: 'riwayat_tagihan',
    title: 'Riwayat tagihan',
    covers: [],
    rows: (db, t, s) => select(db, 'payment_history', t, sql`t.header_id = ANY(${ids(s.headerIds)})`),
  },
  {
    file: 'pembayaran',
    title: 'Pembayaran',
    covers: ['payment_charges.user_id'],
    rows: (db, t, s) =>
      select(
        db,
        'payment_charges',
        t,
        sql`t.user_id = ${s.userId} OR t.header_id = ANY(${ids(s.headerIds)})`,
      ),
  },
  {
    file: 'pesanan_barang',
    title: 'Pesanan barang',
    covers: ['registrant_orders.registrant_id', 'registrant_orders.user_id'],
    rows: (db, t, s) =>
      select(
        db,
        'registrant_orders',
        t,
        sql`t.user_id = ${s.userId} OR t.registrant_id = ANY(${ids(s.registrantIds)})`,
      ),
  },
  {
    file: 'pesan',
    title: 'Pesan yang dikirim',
    covers: ['notifications.user_id'],
    rows: (db, t, s) =>
      select(
        db,
        'notifications',
        t,
        sql`t.user_id = ${s.userId}`,
        sql`t.id, t.created_at, t.channel, t.address, t.subject, t.body, t.status, t.sent_at, t.read_at, t.promotional`,
      ),
  },
  {
    file: 'riwayat_perubahan',
    title: 'Riwayat perubahan oleh yayasan',
    covers: [],
    // The audit log names its record by resource and id, not by a foreign key.
    rows: (db, t, s) =>
      select(
        db,
        'audit_log',
        t,
        sql`(t.resource = 'registrants' AND t.record_id = ANY(${ids(s.registrantIds)}))
            OR (t.resource = 'user' AND t.record_id = ${s.userId})`,
      ),
  },
  {
    file: 'dokumen_verifikasi',
    title: 'Dokumen dan verifikasinya',
    covers: ['registrant_document_versions.registrant_id'],
    rows: (db, t, s) =>
      select(
        db,
        'registrant_document_versions',
        t,
        sql`t.registrant_id = ANY(${ids(s.registrantIds)})`,
        sql`t.registrant_id, t.folder, t.version, t.is_current, t.name, t.type, t.size, t.uploaded_at, t.state,
            t.reason, t.note, t.decided_at`,
      ),
  },
  {
    file: 'jadwal_wawancara',
    title: 'Jadwal wawancara dan observasi',
    covers: ['appointment_bookings.registrant_id', 'appointment_bookings.booked_by'],
    rows: (db, t, s) =>
      select(
        db,
        'appointment_bookings',
        t,
        sql`t.registrant_id = ANY(${ids(s.registrantIds)}) OR t.booked_by = ${s.userId}`,
        sql`t.id, t.registrant_id, t.kind, t.booked_at, t.cancelled_at, t.reminded_at,
            (SELECT row_to_json(x) FROM (SELECT a.slot_date, a.start_time, a.end_time, a.interviewer
               FROM appointment_slots a WHERE a.tenant_id = t.tenant_id AND a.id = t.appointment_slot_id) x) AS slot`,
      ),
  },
  {
    file: 'penawaran_kursi',
    title: 'Penawaran kursi dan daftar ulang',
    covers: ['offers.registrant_id'],
    // Not the refill's reason nor the freed registrant: they name another family's child.
    rows: (db, t, s) =>
      select(
        db,
        'offers',
        t,
        sql`t.registrant_id = ANY(${ids(s.registrantIds)})`,
        sql`t.id, t.registrant_id, t.state, t.deadline_at, t.reserve_rank, t.decline_reason, t.decline_note,
            t.answered_at, t.created_at`,
      ),
  },
  {
    file: 'tanda_tangan_perjanjian',
    title: 'Perjanjian daftar ulang yang ditandatangani',
    covers: ['offer_signatures.user_id'],
    rows: (db, t, s) =>
      select(
        db,
        'offer_signatures',
        t,
        sql`t.user_id = ${s.userId}`,
        sql`t.id, t.offer_id, t.full_name, t.ip, t.text_sha256, t.signed_at, t.agreement_text`,
      ),
  },
  {
    file: 'akses_data_sensitif',
    title: 'Petugas yang melihat data sensitif',
    covers: ['sensitive_views.registrant_id'],
    rows: (db, t, s) =>
      select(
        db,
        'sensitive_views',
        t,
        sql`t.registrant_id = ANY(${ids(s.registrantIds)})`,
        sql`t.id, t.created_at, t.registrant_id, t.question_nos, t.via,
            (SELECT u.name FROM users u WHERE u.tenant_id = t.tenant_id AND u.id = t.staff_user_id) AS staff_name`,
      ),
  },
];

/**
 * Columns that reference an account or a registrant but are not a way into the family's data, each with why.
 * Most name the staff member who did something (their own trace, not the family's data; the rows they sit on
 * are exported through the registrant where they are about the family).
 */
export const NOT_EXPORTED: Readonly<Record<string, string>> = {
  'appointment_slots.created_by': 'the staff member who published a slot',
  'consent_texts.created_by': 'the staff member who wrote a consent text',
  'document_requirements.created_by': 'the staff member who set a school’s required documents',
  'offers.released_registrant_id': 'another family’s child whose freed seat this offer took',
  'registrant_document_versions.decided_by': 'the staff member who accepted or rejected a document',
  'email_verifications.user_id':
    'digests of one-time verification links (secrets); the address is in the account',
  'password_resets.user_id': 'digests of one-time reset links (secrets)',
  'payment_history.user_id': 'who acted on a bill; the family’s bill histories are exported by their bill',
  'payouts.created_by': 'staff: the foundation’s own payouts',
  'payouts.decided_by': 'staff: the foundation’s own payouts',
  'privacy_requests.resolved_by': 'the staff member who answered a request; the answer itself is exported',
  'registrant_bimbingan_konseling.updated_by': 'the staff member who wrote it',
  'registrant_header_payments.created_by': 'the staff member who made the bill',
  'registrant_health_data.updated_by': 'the staff member who wrote it',
  'registrant_installment_payments.approved_by': 'the staff member who approved a payment',
  'registrant_status_history.user_id': 'who moved the state; the history is exported by its registrant',
  'registrant_subject_scores.updated_by': 'the staff member who scored',
  'registrant_test_scores.updated_by': 'the staff member who scored',
  'registrant_tests.assigned_by': 'the staff member who scheduled',
  'registrant_tests.scored_by': 'the staff member who scored',
  'registrants.family_source_id':
    'the same account’s earlier child whose answers the form started from; that child is exported itself',
  'registrants.result_published_by': 'the staff member who published a result',
  'registrants.test_announcement_published_by': 'the staff member who published a schedule',
  'reserve_moves.confirmed_by': 'the staff member who confirmed a move',
  'sensitive_views.staff_user_id': 'the staff member who looked; exported by registrant with their name',
};
