import { strictId } from './ids';
import { z } from './zod';

/**
 * The subjects (mata uji) of a test session with the score range of each. Scores are checked against these
 * ranges; a session without any is scored on every live subject from 0 to 100. The list is replaced whole;
 * a subject that already has scores in the session keeps its range and cannot be taken out, so no score is
 * left outside its range or without its subject.
 */

/** The column is numeric(6,2). */
export const SESSION_SCORE_MAX = 9999.99;
export const SESSION_SUBJECTS_MAX = 50;
/** What scoring uses for a session without chosen subjects. */
export const DEFAULT_SCORE_RANGE = { min_score: 0, max_score: 100 } as const;

export const SESSION_SUBJECT_MSG = {
  subject: 'Pilih mata pelajaran.',
  subjectMissing: 'Mata pelajaran tidak ditemukan atau sudah diarsipkan.',
  duplicate: 'Mata pelajaran yang sama dipilih lebih dari sekali.',
  number: 'Nilai harus berupa angka.',
  decimals: 'Paling banyak dua angka di belakang koma.',
  min: 'Nilai minimum tidak boleh kurang dari 0.',
  max: 'Nilai maksimum paling besar 9999,99.',
  order: 'Nilai maksimum harus lebih besar dari nilai minimum.',
  list: 'Daftar mata uji wajib dikirim.',
  tooMany: `Paling banyak ${SESSION_SUBJECTS_MAX} mata uji per sesi.`,
  scored: (name: string) =>
    `Mata uji ${name} sudah memiliki nilai pada sesi ini, sehingga rentang nilainya tidak dapat diubah dan mata uji tersebut tidak dapat dihapus.`,
  saved: 'Mata uji sesi tersimpan.',
  cleared: 'Mata uji sesi dikosongkan: sesi dinilai pada semua mata pelajaran dengan rentang 0–100.',
} as const;

const bound = z
  .number({ error: SESSION_SUBJECT_MSG.number })
  .finite(SESSION_SUBJECT_MSG.number)
  .min(0, SESSION_SUBJECT_MSG.min)
  .max(SESSION_SCORE_MAX, SESSION_SUBJECT_MSG.max)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, SESSION_SUBJECT_MSG.decimals);

export const sessionSubjectInputSchema = z
  .strictObject({
    mst_subject_id: strictId(SESSION_SUBJECT_MSG.subject),
    min_score: bound,
    max_score: bound,
  })
  .refine((s) => s.max_score > s.min_score, { message: SESSION_SUBJECT_MSG.order, path: ['max_score'] });
export type SessionSubjectInput = z.infer<typeof sessionSubjectInputSchema>;

/** PUT /mst_test_detail/subjects/{id}: the whole list in the order shown when scoring; empty = none chosen. */
export const sessionSubjectsBodySchema = z.strictObject({
  subjects: z
    .array(sessionSubjectInputSchema, { error: SESSION_SUBJECT_MSG.list })
    .max(SESSION_SUBJECTS_MAX, SESSION_SUBJECT_MSG.tooMany)
    .superRefine((list, ctx) => {
      const seen = new Set<number>();
      list.forEach((s, i) => {
        if (seen.has(s.mst_subject_id))
          ctx.addIssue({
            code: 'custom',
            path: [i, 'mst_subject_id'],
            message: SESSION_SUBJECT_MSG.duplicate,
          });
        seen.add(s.mst_subject_id);
      });
    }),
});
export type SessionSubjectsBody = z.infer<typeof sessionSubjectsBodySchema>;

export const sessionSubjectSchema = z.object({
  mst_subject_id: z.number().int(),
  name: z.string(),
  min_score: z.number(),
  max_score: z.number(),
  /** Scores already given for this subject in the session (then its range is fixed). */
  scored: z.number().int(),
});
export type SessionSubject = z.infer<typeof sessionSubjectSchema>;

export const sessionSubjectsSchema = z.object({
  session: z.object({
    id: z.number().int(),
    name: z.string(),
    test_name: z.string(),
    test_date: z.string(),
    school_period_name: z.string(),
  }),
  /** false: none chosen, so `subjects` is every live subject with the 0–100 range (what scoring uses). */
  chosen: z.boolean(),
  /** What scoring uses, in order. */
  subjects: z.array(sessionSubjectSchema),
  /** The live subjects that may be added. */
  choices: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type SessionSubjects = z.infer<typeof sessionSubjectsSchema>;

export const sessionSubjectsResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: sessionSubjectsSchema,
});
