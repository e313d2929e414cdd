import { calendarDate } from './calendar-date';
import { strictId } from './ids';
import { documentStateFilterSchema, paymentStatusFilterSchema } from './registrant-staff-tools';
import { REGISTRANT_STATUSES } from './registrant-status';
import { registrantSummarySchema } from './registrants';
import { z } from './zod';

/**
 * The staff side of registrants (mfe-registrants): the list with its filters and counts, the detail's
 * information and history, and the staff actions.
 */

export const REGISTRANT_ADMIN_MSG = {
  verified: 'Calon murid berhasil diverifikasi.',
  opened: 'Formulir dibuka kembali; orang tua dapat mengubah data lalu mengirim ulang.',
  submitted: 'Data calon murid berhasil dikirim atas nama orang tua.',
  archived: 'Calon murid dipindahkan ke data non-aktif.',
  restored: 'Calon murid berhasil dipulihkan.',
  restoreWithdrawn: 'Pendaftaran yang dibatalkan tidak dapat dipulihkan.',
  notArchived: 'Calon murid tidak berada di data non-aktif.',
  moved: 'Calon murid berhasil dipindahkan.',
  sameClass: 'Calon murid sudah berada di kelas tersebut.',
  samePeriod: 'Calon murid sudah berada di periode tersebut.',
  periodOtherSchool: 'Periode tujuan bukan milik sekolah calon murid.',
  classMissing: 'Kelas tujuan tidak tersedia pada periode tersebut.',
  quotaFull: 'Kuota kelas tujuan sudah penuh.',
  restoreFull: 'Kuota kelas calon murid ini sudah penuh, sehingga belum dapat dipulihkan.',
  movedLocked: 'Calon murid yang sudah memiliki hasil seleksi tidak dapat dipindahkan.',
  bulkDone: (ok: number, failed: number) =>
    failed ? `${ok} calon murid diproses, ${failed} gagal.` : `${ok} calon murid berhasil diproses.`,
  reasonRequired: 'Alasan wajib diisi.',
} as const;

const optionalId = strictId().optional();
const flag = z.enum(['true', 'false'], { error: 'Nilai harus true atau false.' }).optional();
const dateText = calendarDate().optional();

export const REGISTRANT_SORTS = [
  'created_at',
  'name',
  'registration_number',
  'status',
  'submitted_at',
] as const;

/** GET /registrants/admin: every filter is optional; the URL of the list page carries the same names. */
export const registrantAdminQuerySchema = z.strictObject({
  school_id: optionalId,
  school_year_id: optionalId,
  school_period_id: optionalId,
  mst_class_id: optionalId,
  status: z.enum(REGISTRANT_STATUSES, { error: 'Status tidak dikenal.' }).optional(),
  is_submit: flag,
  is_test: flag,
  is_accepted: z.enum(['true', 'false', 'null'], { error: 'Nilai harus true, false atau null.' }).optional(),
  is_internal: flag,
  date_from: dateText,
  date_to: dateText,
  search: z.string().trim().max(100, 'Kata kunci maksimal 100 karakter.').optional(),
  sort: z.enum(REGISTRANT_SORTS, { error: 'Urutan tidak dikenal.' }).optional(),
  order: z.enum(['asc', 'desc'], { error: 'Arah urutan harus asc atau desc.' }).optional(),
  page: z.coerce.number({ error: 'Halaman tidak valid.' }).int().min(1).max(100_000).optional(),
  limit: z.coerce.number({ error: 'Jumlah baris tidak valid.' }).int().min(1).max(100).optional(),
  /** Archived (non-active) registrants instead of live ones. */
  show_deleted: flag,
  /** From the registrant's bills: not billed yet, billed and not fully paid, all paid. */
  payment_status: paymentStatusFilterSchema,
  /** From the registrant's documents: a required one not uploaded, one waiting, one rejected, all accepted. */
  document_state: documentStateFilterSchema,
});
export type RegistrantAdminQuery = z.infer<typeof registrantAdminQuerySchema>;

/** One row of the staff list: the registrant's placement and state, and who the parent is. */
export const registrantAdminRowSchema = registrantSummarySchema
  .pick({
    id: true,
    registration_number: true,
    name: true,
    school_id: true,
    school_name: true,
    school_period_id: true,
    school_period_name: true,
    mst_class_id: true,
    mst_class_name: true,
    school_year_name: true,
    status: true,
    is_submit: true,
    is_test: true,
    is_accepted: true,
    is_internal: true,
    created_at: true,
    submitted_at: true,
  })
  .extend({
    parent_name: z.string(),
    parent_email: z.string().nullable(),
    parent_phone: z.string().nullable(),
    deleted_at: z.string().nullable(),
    /** Other live registrants that may be the same child (same name and birth date, or same parent). */
    possible_duplicate_count: z.number().int(),
  });
export type RegistrantAdminRow = z.infer<typeof registrantAdminRowSchema>;

export const registrantAdminListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(registrantAdminRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** Rows per state under the same filters except the state itself. */
  counts: z.record(z.string(), z.number().int()),
});
export type RegistrantAdminListResponse = z.infer<typeof registrantAdminListResponseSchema>;

export const historyEntrySchema = z.object({
  at: z.string(),
  source: z.enum(['status', 'audit']),
  action: z.string(),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  reason: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  user_name: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** GET /registrant/information_detail/{id}: the parent account, the voucher and the activity history. */
export const informationDetailResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    id: z.number().int(),
    registration_number: z.string(),
    name: z.string().nullable(),
    mst_class_name: z.string(),
    status: z.enum(REGISTRANT_STATUSES),
    status_note: z.string().nullable(),
    parent: z.object({
      id: z.number().int(),
      name: z.string(),
      email: z.string().nullable(),
      phone_number: z.string().nullable(),
      /** Registered by staff without an account: a placeholder no one can sign in to yet. */
      account_pending: z.boolean(),
    }),
    token: z.string().nullable(),
    deleted_at: z.string().nullable(),
    withdraw_reason: z.string().nullable(),
    history: z.array(historyEntrySchema),
  }),
});
export type InformationDetail = z.infer<typeof informationDetailResponseSchema>['data'];

export const reasonSchema = z.strictObject({
  reason: z
    .string({ error: REGISTRANT_ADMIN_MSG.reasonRequired })
    .trim()
    .min(1, REGISTRANT_ADMIN_MSG.reasonRequired)
    .max(500, 'Alasan maksimal 500 karakter.'),
});
export const optionalReasonSchema = z
  .strictObject({ reason: z.string().trim().max(500, 'Alasan maksimal 500 karakter.').optional() })
  .nullish();

/** POST /registrant/mutation/{id}: another class of the same period. */
export const classMutationSchema = z.strictObject({
  mst_class_id: strictId('Pilih kelas tujuan.'),
  reason: z.string().trim().max(500, 'Alasan maksimal 500 karakter.').optional(),
});
/** POST /registrant/mutation_period/{id}: another period of the same school (and a class of it). */
export const periodMutationSchema = z.strictObject({
  school_period_id: strictId('Pilih periode tujuan.'),
  mst_class_id: strictId('Pilih kelas tujuan.'),
  reason: z.string().trim().max(500, 'Alasan maksimal 500 karakter.').optional(),
});

export const BULK_ACTIONS = ['verify', 'archive', 'restore'] as const;
/** PUT /registrant/bulk: one action on many registrants; each is done or refused on its own. */
export const bulkSchema = z.strictObject({
  action: z.enum(BULK_ACTIONS, { error: 'Aksi tidak dikenal.' }),
  ids: z
    .array(strictId(), { error: 'Pilih calon murid.' })
    .min(1, 'Pilih minimal satu calon murid.')
    .max(500, 'Maksimal 500 calon murid sekaligus.'),
});
export const bulkResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  done: z.array(z.number().int()),
  failed: z.array(z.object({ id: z.number().int(), message: z.string() })),
});

/** The applicants export's file name (always the same, whatever the filters). */
export const APPLICANTS_EXPORT_FILE = 'Data Calon Murid';
