import { REGISTRANT_STATUSES } from './registrant-status';
import { unconfirmedFamilyNos } from './survey/family';
import { QUESTION_BY_NO } from './survey/questions';
import type { Answers } from './survey/types';
import { z } from './zod';

/**
 * One family across the foundation: a parent account's children. A new child's form starts from the family's
 * shared answers, which the parent confirms page by page; staff see a child's siblings on its record.
 */

export const FAMILY_MSG = {
  confirmed: 'Data keluarga dikonfirmasi.',
  /** Shown in the list of what holds Submit, after the question's own label. */
  unconfirmed: 'disalin dari data keluarga, belum dikonfirmasi',
} as const;

/** Where a new child's form took its family answers from, and those still awaiting the parent's confirmation. */
export const registrantFamilySchema = z.object({
  source: z.object({ id: z.number().int(), name: z.string().nullable(), school_name: z.string() }).nullable(),
  /** Question number → the answer as copied, for the copied answers not yet confirmed. */
  copied: z.record(z.string(), z.unknown()),
  /** The copied answers still unchanged and unconfirmed (they hold Submit). */
  unconfirmed: z.array(z.number().int()),
});
export type RegistrantFamily = z.infer<typeof registrantFamilySchema>;

/** POST /registrant/family_confirm/{id}: the parent confirms the copied answers of the page they read. */
export const familyConfirmBodySchema = z.strictObject({
  question_nos: z
    .array(z.number().int().min(1, 'Nomor pertanyaan tidak valid.').max(2_147_483_647), {
      error: 'Daftar pertanyaan tidak valid.',
    })
    .min(1, 'Pilih data yang dikonfirmasi.')
    .max(200, 'Terlalu banyak pertanyaan.'),
});
export const familyConfirmResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: registrantFamilySchema,
});

/** A sibling of a registrant in the foundation (the same parent account), as staff see it. */
export const siblingSchema = z.object({
  id: z.number().int(),
  registration_number: z.string(),
  name: z.string().nullable(),
  school_name: z.string(),
  mst_class_name: z.string(),
  school_year_name: z.string(),
  status: z.enum(REGISTRANT_STATUSES),
  status_label: z.string(),
});
export type Sibling = z.infer<typeof siblingSchema>;
export const siblingsResponseSchema = z.object({ success: z.literal(true), data: z.array(siblingSchema) });

/** The copied answers not yet confirmed, as items of the list of what holds Submit. */
export const familyMissing = (answers: Answers, copied: Answers | null | undefined) =>
  unconfirmedFamilyNos(answers, copied).map((no) => ({
    no,
    label: `${QUESTION_BY_NO.get(no)?.label ?? `Pertanyaan ${no}`} (${FAMILY_MSG.unconfirmed})`,
  }));
