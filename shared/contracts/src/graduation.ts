import { strictId } from './ids';
import { REGISTRANT_STATUSES } from './registrant-status';
import { RESULT_KINDS } from './result-kinds';
import { z } from './zod';

export * from './result-kinds';

/**
 * Results and graduation: staff publish a registrant's selection result (an accepted status from the
 * master), parents see it only once published, with the graduation letter, SPOTC and the bills meant for
 * that moment; a freed place is offered to the reserve list and moves only when staff confirm.
 */

export const GRADUATION_MSG = {
  draftSaved: 'Hasil seleksi disimpan sebagai draf (belum terlihat oleh orang tua).',
  published: 'Hasil seleksi berhasil diumumkan.',
  bulkStarted: 'Hasil seleksi sedang diumumkan di latar belakang.',
  alreadyPublished: 'Hasil seleksi sudah diumumkan; ubah dengan mengumumkan ulang.',
  noResult: 'Pilih status penerimaan terlebih dahulu.',
  statusMissing: 'Status penerimaan tidak ditemukan.',
  notPublished: 'Hasil seleksi belum diumumkan.',
  withdrawn: 'Calon murid dicatat mengundurkan diri.',
  withdrawBeforeResult:
    'Hasil seleksi calon murid ini belum diumumkan; pengunduran diri sebelum hasil dicatat dari menu Calon Murid.',
  moved: 'Calon murid cadangan berhasil dinaikkan menjadi diterima.',
  noVacancy: 'Tempat ini sudah terisi atau tidak lagi kosong.',
  notReserve: 'Calon murid ini tidak lagi berada di daftar cadangan.',
  otherPlace: 'Calon murid cadangan harus dari periode dan kelas yang sama.',
} as const;

const note = z
  .string()
  .trim()
  .max(1000, { error: 'Catatan maksimal 1000 karakter.' })
  .optional()
  .transform((v) => (v === undefined ? undefined : v || null));

/** PUT /registrant/result/{id}: the staff's draft (not shown to parents). */
export const resultDraftSchema = z.strictObject({
  mst_accepted_status_id: strictId('Status penerimaan wajib dipilih.'),
  result_note: note,
});
export type ResultDraft = z.infer<typeof resultDraftSchema>;

/** POST /registrant/publish/{id}: publish with this status, or (no status) the saved draft. */
export const publishResultSchema = z.strictObject({
  mst_accepted_status_id: strictId('Status penerimaan tidak valid.').optional(),
  result_note: note,
});
export type PublishResult = z.infer<typeof publishResultSchema>;

export const BULK_PUBLISH_MAX = 5000;
/** POST /registrant/bulk/publish. */
export const bulkPublishSchema = z.strictObject({
  ids: z
    .array(strictId(), { error: 'Daftar calon murid tidak valid.' })
    .min(1, { error: 'Pilih minimal satu calon murid.' })
    .max(BULK_PUBLISH_MAX, { error: `Maksimal ${BULK_PUBLISH_MAX} calon murid sekaligus.` }),
  mst_accepted_status_id: strictId('Status penerimaan tidak valid.').optional(),
  result_note: note,
});
export type BulkPublish = z.infer<typeof bulkPublishSchema>;

/** POST /registrant/staff_withdraw/{id}. */
export const staffWithdrawSchema = z.strictObject({
  reason: z
    .string({ error: 'Alasan wajib diisi.' })
    .trim()
    .min(1, { error: 'Alasan wajib diisi.' })
    .max(500, { error: 'Alasan maksimal 500 karakter.' }),
});

/** POST /registrant/reserve/confirm: fill the withdrawn registrant's place with this reserve registrant. */
export const confirmReserveSchema = z.strictObject({
  withdrawn_registrant_id: strictId(),
  registrant_id: strictId(),
});

const flag = z.enum(['true', 'false'], { error: 'Nilai harus true atau false.' }).optional();
/** GET /registrants/graduation/admin. */
export const graduationListQuerySchema = z.strictObject({
  school_id: strictId().optional(),
  school_period_id: strictId().optional(),
  mst_class_id: strictId().optional(),
  status: z.enum(REGISTRANT_STATUSES, { error: 'Status tidak dikenal.' }).optional(),
  published: flag,
  search: z.string().trim().max(100, { error: 'Kata kunci maksimal 100 karakter.' }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
});
export type GraduationListQuery = z.infer<typeof graduationListQuerySchema>;

export const graduationRowSchema = z.object({
  id: z.number(),
  registration_number: z.string().nullable(),
  name: z.string().nullable(),
  school_name: z.string(),
  school_period_name: z.string(),
  mst_class_name: z.string(),
  status: z.enum(REGISTRANT_STATUSES),
  mst_accepted_status_id: z.number().nullable(),
  accepted_status_name: z.string().nullable(),
  result_kind: z.enum(RESULT_KINDS).nullable(),
  result_note: z.string().nullable(),
  result_published_at: z.string().nullable(),
  reserve_rank: z.number().nullable(),
});
export type GraduationRow = z.infer<typeof graduationRowSchema>;
export const graduationListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(graduationRowSchema),
  total: z.number(),
});

export const acceptedStatusOptionSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(RESULT_KINDS),
});
export const acceptedStatusOptionsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(acceptedStatusOptionSchema),
});

export const reserveProposalSchema = z.object({
  withdrawn: z.object({
    id: z.number(),
    name: z.string().nullable(),
    registration_number: z.string().nullable(),
  }),
  proposed: z
    .object({
      id: z.number(),
      name: z.string().nullable(),
      registration_number: z.string().nullable(),
      reserve_rank: z.number().nullable(),
    })
    .nullable(),
  school_period_name: z.string(),
  mst_class_name: z.string(),
});
export type ReserveProposal = z.infer<typeof reserveProposalSchema>;
export const reserveProposalsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(reserveProposalSchema),
});

/** The parent's view: nothing of the result until it is published. */
export const parentGraduationSchema = z.object({
  published: z.boolean(),
  result: z
    .object({
      kind: z.enum(RESULT_KINDS),
      status_name: z.string(),
      note: z.string().nullable(),
      published_at: z.string(),
    })
    .nullable(),
  bills: z.array(
    z.object({
      id: z.number(),
      type_name: z.string(),
      total_amount: z.number(),
      paid_amount: z.number(),
      state: z.string(),
    }),
  ),
});
export type ParentGraduation = z.infer<typeof parentGraduationSchema>;
export const parentGraduationResponseSchema = z.object({
  success: z.literal(true),
  data: parentGraduationSchema,
});

/** GET /registrants/graduation/recap: counts per period and result. */
export const graduationRecapRowSchema = z.object({
  school_name: z.string(),
  school_period_id: z.number(),
  school_period_name: z.string(),
  total: z.number(),
  accepted: z.number(),
  rejected: z.number(),
  reserve: z.number(),
  unpublished: z.number(),
  withdrawn: z.number(),
});
export const graduationRecapResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(graduationRecapRowSchema),
});
