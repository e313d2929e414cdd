import { isCalendarDate } from '../calendar-date';
import { strictId } from '../ids';
import { z } from '../zod';

/** Indonesian messages of the admin forms (in the style of the login and register messages). */
export const FIELD_MSG = {
  required: (label: string) => `${label} wajib diisi.`,
  tooLong: (label: string, max: number) => `${label} maksimal ${max} karakter.`,
  number: (label: string) => `${label} harus berupa angka.`,
  integer: (label: string) => `${label} harus berupa bilangan bulat.`,
  min: (label: string, min: number) => `${label} minimal ${min}.`,
  date: (label: string) => `${label} harus berupa tanggal (YYYY-MM-DD).`,
  choice: (label: string) => `Pilih ${label} yang tersedia.`,
  pick: (label: string) => `Pilih ${label}.`,
  boolean: (label: string) => `${label} harus ya atau tidak.`,
  dateOrder: 'Tanggal selesai tidak boleh sebelum tanggal mulai.',
} as const;

const MAX_INT = 2_147_483_647;

/** Integer rupiah ≥ 0. */
const money = (label: string) =>
  z.coerce
    .number({ error: FIELD_MSG.number(label) })
    .int(FIELD_MSG.integer(label))
    .min(0, FIELD_MSG.min(label, 0))
    .max(Number.MAX_SAFE_INTEGER, FIELD_MSG.number(label));
const date = (label: string) =>
  z
    .string({ error: FIELD_MSG.date(label) })
    .trim()
    .refine(isCalendarDate, FIELD_MSG.date(label));

/** Zod builders with the messages above: every admin input schema is made of these. */
export const f = {
  /** Required trimmed text. */
  text: (label: string, max = 150) =>
    z
      .string({ error: FIELD_MSG.required(label) })
      .trim()
      .min(1, FIELD_MSG.required(label))
      .max(max, FIELD_MSG.tooLong(label, max)),
  /** Optional text: '' and null become null. */
  optionalText: (label: string, max = 500) =>
    z
      .string({ error: FIELD_MSG.tooLong(label, max) })
      .trim()
      .max(max, FIELD_MSG.tooLong(label, max))
      .nullish()
      .transform((v) => (v ? v : null)),
  /** Optional text matching a pattern. */
  optionalPattern: (label: string, pattern: RegExp, message: string, max = 50) =>
    z
      .string({ error: message })
      .trim()
      .max(max, FIELD_MSG.tooLong(label, max))
      .nullish()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || pattern.test(v), message),
  /** Whole number ≥ min (numbers or numeric strings from forms). */
  int: (label: string, min = 0) =>
    z.coerce
      .number({ error: FIELD_MSG.number(label) })
      .int(FIELD_MSG.integer(label))
      .min(min, FIELD_MSG.min(label, min))
      .max(MAX_INT, FIELD_MSG.number(label)),
  money,
  date,
  bool: (label: string) => z.boolean({ error: FIELD_MSG.boolean(label) }),
  /** Required id of a related record. */
  ref: (label: string) => strictId(FIELD_MSG.pick(label)),
  /** Optional id of a related record ('' / null / 0 = none). */
  optionalRef: (label: string) =>
    z
      .union([z.literal(['', 0, '0']).transform(() => null), z.null(), strictId(FIELD_MSG.pick(label))])
      .optional()
      .transform((v) => v ?? null),
  choice: <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
    z.enum(values, { error: FIELD_MSG.choice(label) }),
  /** One or more of `values` (input 'multiselect', a text[] column), each once, in the given order. */
  choices: <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
    z
      .array(z.enum(values, { error: FIELD_MSG.choice(label) }), { error: FIELD_MSG.pick(label) })
      .min(1, FIELD_MSG.pick(label))
      .max(values.length, FIELD_MSG.choice(label))
      .transform((v) => values.filter((x) => v.includes(x))),
  /** Optional integer rupiah ≥ 0: '' and null become null. */
  optionalMoney: (label: string) =>
    z
      .union([z.literal('').transform(() => null), z.null(), money(label)])
      .optional()
      .transform((v) => v ?? null),
  /** Optional `YYYY-MM-DD`: '' and null become null. */
  optionalDate: (label: string) =>
    z
      .union([z.literal('').transform(() => null), z.null(), date(label)])
      .optional()
      .transform((v) => v ?? null),
};

/** `end_date >= start_date` when both are present (create and partial update alike). */
export const dateOrder = (v: { start_date?: string; end_date?: string }, ctx: z.RefinementCtx) => {
  if (v.start_date && v.end_date && v.end_date < v.start_date)
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: FIELD_MSG.dateOrder });
};

/** Columns every resource record has. */
export const recordBase = {
  id: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Set when the record is archived (soft-deleted). */
  deleted_at: z.string().nullable(),
};

/**
 * Create/update schemas from one object: create = the object (defaults apply), update = every key optional
 * with defaults removed (a key left out of a PUT keeps its stored value), both with the same cross-field check.
 */
export function inputSchemas<S extends z.ZodRawShape>(
  shape: S,
  refine?: (v: Partial<z.output<z.ZodObject<S>>>, ctx: z.RefinementCtx) => void,
) {
  const base = z.object(shape);
  const loose = Object.fromEntries(
    Object.entries(shape).map(([k, s]) => [
      k,
      (s instanceof z.ZodDefault ? (s.unwrap() as z.ZodType) : (s as z.ZodType)).optional(),
    ]),
  );
  const update = z.object(loose) as unknown as ReturnType<typeof base.partial>;
  return {
    createSchema: refine ? base.superRefine(refine) : base,
    updateSchema: refine ? update.superRefine(refine as never) : update,
  };
}
