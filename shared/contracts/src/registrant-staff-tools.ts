import { REGISTRANT_STATUSES } from './registrant-status';
import { z } from './zod';

/**
 * Staff tools on registrants beside the list and detail: possible duplicates, answers edited by staff, the
 * payment-status filter of the list and the photos export.
 */

/** Where a registrant stands with its bills (drafts are not yet billed; cancelled ones do not count). */
export const PAYMENT_STATUS_FILTERS = ['unbilled', 'unpaid', 'paid'] as const;
export type PaymentStatusFilter = (typeof PAYMENT_STATUS_FILTERS)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatusFilter, string> = {
  unbilled: 'Belum ditagih',
  unpaid: 'Belum lunas',
  paid: 'Lunas',
};
export const paymentStatusFilterSchema = z
  .enum(PAYMENT_STATUS_FILTERS, { error: 'Status pembayaran harus unbilled, unpaid atau paid.' })
  .optional();

/** The staff list's filter by the registrant's documents (required by its school, each verified on its own). */
export const DOCUMENT_STATE_FILTERS = ['missing', 'waiting', 'rejected', 'complete'] as const;
export type DocumentStateFilter = (typeof DOCUMENT_STATE_FILTERS)[number];
export const DOCUMENT_STATE_FILTER_LABELS: Record<DocumentStateFilter, string> = {
  missing: 'Dokumen wajib belum diunggah',
  waiting: 'Ada dokumen menunggu verifikasi',
  rejected: 'Ada dokumen ditolak',
  complete: 'Dokumen wajib lengkap diterima',
};
export const documentStateFilterSchema = z
  .enum(DOCUMENT_STATE_FILTERS, { error: 'Status dokumen harus missing, waiting, rejected atau complete.' })
  .optional();

export const DUPLICATE_LABEL = 'Kemungkinan ganda';
/** The list counts a row's possible duplicates up to this many (a badge needs no more, and the count stays cheap). */
export const DUPLICATE_COUNT_CAP = 10;

/** Why two registrants look alike. */
export const DUPLICATE_REASONS = ['name_birth_date', 'parent', 'nik'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];
export const DUPLICATE_REASON_LABELS: Record<DuplicateReason, string> = {
  name_birth_date: 'Nama dan tanggal lahir sama',
  parent: 'Akun orang tua sama',
  nik: 'NIK sama',
};

/** One side of the comparison. */
export const duplicateSideSchema = z.object({
  id: z.number().int(),
  registration_number: z.string(),
  name: z.string().nullable(),
  birth_date: z.string().nullable(),
  birth_place: z.string().nullable(),
  parent_name: z.string(),
  parent_email: z.string().nullable(),
  school_name: z.string(),
  school_period_name: z.string(),
  status: z.enum(REGISTRANT_STATUSES),
  nik: z.string().nullable(),
  /** What looks wrong in the NIK (region, birth date, sex against the answers); a warning, never a block. */
  nik_warnings: z.array(z.string()),
});
export type DuplicateSide = z.infer<typeof duplicateSideSchema>;

/** GET /registrant/duplicates/{id}: the registrant and the live registrants that may be the same child. */
export const duplicatesResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    registrant: duplicateSideSchema,
    duplicates: z.array(duplicateSideSchema.extend({ reasons: z.array(z.enum(DUPLICATE_REASONS)) })),
  }),
});
export type DuplicatesResponse = z.infer<typeof duplicatesResponseSchema>['data'];

export const STAFF_ANSWER_MSG = {
  saved: 'Jawaban calon murid berhasil diperbarui.',
  unchanged: 'Tidak ada jawaban yang berubah.',
  archived: 'Calon murid di data non-aktif tidak dapat diubah; pulihkan terlebih dahulu.',
  closed: 'Jawaban tidak dapat diubah setelah hasil seleksi diumumkan atau pendaftaran dibatalkan.',
  sensitive: 'Perubahan ini menyentuh data sensitif; diperlukan akses Data Sensitif.',
} as const;

/** PUT /registrant/answer/{id}: answers by question number, `null` removes one (like the parent's form). */
export const staffAnswersSchema = z.strictObject({
  data: z
    .record(z.string(), z.unknown(), { error: 'Data jawaban tidak valid.' })
    .refine((d) => Object.keys(d).length > 0, 'Isi minimal satu jawaban.')
    .refine((d) => Object.keys(d).length <= 200, 'Terlalu banyak jawaban dalam satu kali simpan.'),
});
export const staffAnswersResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Question numbers whose answer changed (cleared dependents included). */
  changed: z.array(z.string()),
});

/** The photos export's file name (always the same, whatever the filters). */
export const PHOTOS_EXPORT_FILE = 'Foto Calon Murid';
