import { idList, strictId } from './ids';
import { z } from './zod';

export * from './health-counselling';

/**
 * Scoring a test session: one score per seated registrant and subject of the session, within the subject's
 * range for that session, plus the observation's health data and counselling notes per registrant. The grid
 * saves many cells in one request (idempotent: the same batch sent twice leaves the same scores).
 */
export const TEST_SCORE_MSG = {
  session: 'Pilih sesi tes.',
  seatNotFound: 'Peserta tes tidak ditemukan pada sesi ini.',
  subjectNotInSession: 'Mata pelajaran ini tidak dinilai pada sesi tes tersebut.',
  score: 'Nilai harus berupa angka.',
  range: (min: number, max: number) => `Nilai harus antara ${min} dan ${max}.`,
  decimals: 'Nilai paling banyak dua angka di belakang koma.',
  empty: 'Tidak ada nilai untuk disimpan.',
  tooMany: (max: number) => `Paling banyak ${max} nilai per permintaan.`,
  invalid: (n: number) => `${n} nilai tidak dapat disimpan. Periksa sel yang ditandai.`,
  saved: (n: number) => `${n} nilai tersimpan.`,
  healthSaved: 'Data kesehatan tersimpan.',
  counsellingSaved: 'Catatan bimbingan konseling tersimpan.',
  registrantNotFound: 'Calon murid tidak ditemukan.',
} as const;

/** Cells one batch may carry: a whole session of a few hundred registrants × a handful of subjects. */
export const TEST_SCORE_BATCH_MAX = 5000;

/** A score as typed: up to two decimals (the column is numeric(6,2)). */
const scoreValue = z
  .number({ error: TEST_SCORE_MSG.score })
  .finite(TEST_SCORE_MSG.score)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, TEST_SCORE_MSG.decimals);

export const testScoreCellSchema = z.strictObject({
  registrant_test_id: strictId(TEST_SCORE_MSG.seatNotFound),
  mst_subject_id: strictId(TEST_SCORE_MSG.subjectNotInSession),
  /** `null` clears the cell. */
  score: scoreValue.nullable(),
});
export type TestScoreCell = z.infer<typeof testScoreCellSchema>;

export const testScoreBatchSchema = z.strictObject({
  scores: z
    .array(testScoreCellSchema)
    .min(1, TEST_SCORE_MSG.empty)
    .max(TEST_SCORE_BATCH_MAX, TEST_SCORE_MSG.tooMany(TEST_SCORE_BATCH_MAX)),
});
export type TestScoreBatch = z.infer<typeof testScoreBatchSchema>;

export const testScoreBatchResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  saved: z.number().int(),
});

/** 400 of a batch with cells out of range: every bad cell by its index in the batch; nothing is written. */
export const testScoreInvalidResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  cells: z.array(z.object({ index: z.number().int(), message: z.string() })),
});
export type TestScoreInvalid = z.infer<typeof testScoreInvalidResponseSchema>;

export const subjectScoreBodySchema = z.strictObject({
  mst_subject_id: strictId(TEST_SCORE_MSG.subjectNotInSession),
  score: scoreValue.nullable(),
});

export const sessionQuerySchema = z.strictObject({
  mst_test_detail_id: strictId(TEST_SCORE_MSG.session),
});

export const scoreSubjectSchema = z.object({
  mst_subject_id: z.number().int(),
  name: z.string(),
  min_score: z.number(),
  max_score: z.number(),
});
export type ScoreSubject = z.infer<typeof scoreSubjectSchema>;

export const scoreRowSchema = z.object({
  registrant_test_id: z.number().int(),
  registrant_id: z.number().int(),
  registration_number: z.string(),
  name: z.string().nullable(),
  /** Subject id → score. */
  scores: z.record(z.string(), z.number()),
});
export type ScoreRow = z.infer<typeof scoreRowSchema>;

export const scoreSessionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  test_name: z.string(),
  room_name: z.string(),
  test_date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
});
export type ScoreSession = z.infer<typeof scoreSessionSchema>;

export const scoreSheetResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    session: scoreSessionSchema,
    /** The session's subjects; when none were chosen, every live subject with the 0–100 range. */
    subjects: z.array(scoreSubjectSchema),
    rows: z.array(scoreRowSchema),
  }),
});
export type ScoreSheet = z.infer<typeof scoreSheetResponseSchema>['data'];

export const testScoreListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(
    z.object({
      registrant_test_id: z.number().int(),
      registrant_id: z.number().int(),
      mst_subject_id: z.number().int(),
      score: z.number(),
      updated_at: z.string(),
    }),
  ),
});

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Paling banyak ${max} karakter.`)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));

export const healthDataBodySchema = z.strictObject({
  height_cm: z
    .number({ error: 'Tinggi badan harus angka (cm).' })
    .gt(0, 'Tinggi badan harus antara 1 dan 299 cm.')
    .lt(300, 'Tinggi badan harus antara 1 dan 299 cm.')
    .nullable()
    .optional(),
  weight_kg: z
    .number({ error: 'Berat badan harus angka (kg).' })
    .gt(0, 'Berat badan harus antara 1 dan 499 kg.')
    .lt(500, 'Berat badan harus antara 1 dan 499 kg.')
    .nullable()
    .optional(),
  blood_type: z
    .enum(['A', 'B', 'AB', 'O'], { error: 'Golongan darah A, B, AB atau O.' })
    .nullable()
    .optional(),
  vision: text(200),
  hearing: text(200),
  allergies: text(500),
  medical_history: text(1000),
  notes: text(1000),
});
export type HealthDataBody = z.input<typeof healthDataBodySchema>;

export const counsellingBodySchema = z.strictObject({
  counselor_name: text(150),
  observation: text(2000),
  recommendation: text(2000),
  notes: text(2000),
});
export type CounsellingBody = z.input<typeof counsellingBodySchema>;

export const TEST_CARD_MSG = {
  noSeat: 'Calon murid belum dijadwalkan tes, kartu tes belum dapat diterbitkan.',
  notPublished: 'Kartu tes belum diterbitkan oleh sekolah.',
  published: 'Kartu tes diterbitkan.',
  bulkPublished: (n: number) => `${n} kartu tes diterbitkan.`,
  bulkTarget: 'Pilih sesi tes atau calon murid yang kartunya diterbitkan.',
  emptySession: 'Belum ada peserta pada sesi ini.',
} as const;

export const testBulkPublishSchema = z
  .strictObject({
    mst_test_detail_id: strictId(TEST_SCORE_MSG.session).optional(),
    registrant_ids: idList().min(1, TEST_CARD_MSG.bulkTarget).max(5000).optional(),
  })
  .refine((b) => b.mst_test_detail_id !== undefined || b.registrant_ids !== undefined, {
    message: TEST_CARD_MSG.bulkTarget,
    path: ['mst_test_detail_id'],
  });

export const testPublishResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  published: z.number().int(),
});
