import { strictId } from './ids';
import { createRegistrantSchema } from './registrants';
import { isEmail, isPhone, MSG } from './validation';
import { z } from './zod';

/**
 * Assisted registration: staff register a walk-in parent's child (POST /registrant with `mode`), print a login
 * slip, and later give an account-less registrant a parent account; and the internal-students list.
 */

export const ASSISTED_MSG = {
  createdNewAccount:
    'Calon murid berhasil didaftarkan. Akun orang tua baru dibuat dengan kata sandi sementara; cetak slip login sekarang, kata sandi tidak dapat ditampilkan lagi.',
  createdExistingAccount:
    'Calon murid berhasil didaftarkan ke akun orang tua yang sudah ada (email/No. HP tersebut sudah terdaftar). Orang tua masuk dengan kata sandi akunnya sendiri.',
  createdNoAccount:
    'Calon murid berhasil didaftarkan tanpa akun orang tua. Akun dapat ditambahkan kemudian dari halaman ini.',
  accountAttachedNew:
    'Akun orang tua baru dibuat dan dihubungkan dengan kata sandi sementara; cetak slip login sekarang.',
  accountAttachedExisting: 'Calon murid dihubungkan ke akun orang tua yang sudah ada.',
  alreadyHasAccount: 'Calon murid ini sudah memiliki akun orang tua yang dapat dipakai masuk.',
  staffContact: 'Email/No. HP tersebut milik akun staf, bukan akun orang tua.',
  notStaff: 'Hanya staf yang dapat mendaftarkan calon murid atas nama orang tua.',
  forbidden: 'Anda tidak memiliki akses untuk menambah calon murid.',
  childName: 'Nama calon murid wajib diisi.',
  modeInvalid: 'Pilih didaftarkan dengan akun atau tanpa akun.',
  internalDone: (n: number) => `${n} calon murid diperbarui.`,
  internalIds: 'Pilih minimal satu calon murid (maksimal 500).',
  internalFlag: 'Pilih tandai sebagai murid internal atau bukan.',
} as const;

const trimmed = z.string().trim();
const pickId = (label: string) => strictId(`Pilih ${label}.`);

/** The parent's account details staff type in (the same rules as self-registration: one contact at least). */
const accountFields = {
  parent_name: trimmed.max(100, 'Nama maksimal 100 karakter.').optional().default(''),
  email: trimmed.max(150).optional().default(''),
  phone_number: trimmed.max(20).optional().default(''),
};

/** Runs on partly invalid input too (so every message shows at once): each value may be of any type. */
function checkContact(
  raw: { parent_name?: unknown; email?: unknown; phone_number?: unknown },
  ctx: z.RefinementCtx,
) {
  const text = (x: unknown) => (typeof x === 'string' ? x.trim() : '');
  const v = {
    parent_name: text(raw.parent_name),
    email: text(raw.email),
    phone_number: text(raw.phone_number),
  };
  if (v.parent_name === '')
    ctx.addIssue({ code: 'custom', path: ['parent_name'], message: MSG.nameRequired });
  if (v.email !== '' && !isEmail(v.email))
    ctx.addIssue({ code: 'custom', path: ['email'], message: MSG.emailInvalid });
  if (v.phone_number !== '' && !isPhone(v.phone_number))
    ctx.addIssue({ code: 'custom', path: ['phone_number'], message: MSG.phoneInvalid });
  if (v.email === '' && v.phone_number === '') {
    ctx.addIssue({ code: 'custom', path: ['email'], message: MSG.contactRequired });
    ctx.addIssue({ code: 'custom', path: ['phone_number'], message: MSG.contactRequired });
  }
}

/** Refinements that run even when a field failed, so the form shows every problem in one go. */
const always = { when: () => true };

export const ASSISTED_MODES = ['account', 'no_account'] as const;
export type AssistedMode = (typeof ASSISTED_MODES)[number];

/**
 * POST /registrant by staff: `mode` tells it apart from the parent's voucher request. With `account` the
 * parent's name and an e-mail or phone are required; with `no_account` they are ignored.
 */
export const assistedRegistrationSchema = z
  .strictObject({
    mode: z.enum(ASSISTED_MODES, { error: ASSISTED_MSG.modeInvalid }),
    child_name: z
      .string({ error: ASSISTED_MSG.childName })
      .trim()
      .min(1, ASSISTED_MSG.childName)
      .max(150, 'Nama maksimal 150 karakter.'),
    school_id: pickId('sekolah'),
    school_period_id: pickId('periode pendaftaran'),
    mst_class_id: pickId('kelas'),
    is_internal: z.boolean({ error: 'Nilai murid internal tidak valid.' }).optional().default(false),
    ...accountFields,
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'account') checkContact(v, ctx);
  }, always);
export type AssistedRegistrationRequest = z.input<typeof assistedRegistrationSchema>;
export type AssistedRegistration = z.output<typeof assistedRegistrationSchema>;

/**
 * The body of POST /registrant: a body with `mode` is staff's assisted registration, any other the parent's
 * voucher request — each validated by its own schema so its field messages stay its own.
 */
export const createRegistrantBodySchema = z
  .unknown()
  .transform((body, ctx) => {
    const assisted = typeof body === 'object' && body !== null && 'mode' in body;
    const parsed = assisted
      ? assistedRegistrationSchema.safeParse(body)
      : createRegistrantSchema.safeParse(body);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      ctx.addIssue({ ...issue, code: 'custom', message: issue.message });
    return z.NEVER;
  })
  .meta({
    description:
      'Either the parent’s voucher request {token, password, school_id, school_period_id, mst_class_id} or, with ' +
      '`mode` ("account" | "no_account"), staff’s assisted registration {mode, child_name, school_id, ' +
      'school_period_id, mst_class_id, is_internal?, parent_name, email, phone_number}.',
  });

/** PUT /registrant/account/:id: give an account-less registrant a parent account (new or existing). */
export const attachAccountSchema = z.strictObject(accountFields).superRefine(checkContact, always);
export type AttachAccountRequest = z.input<typeof attachAccountSchema>;

/**
 * Which account the registrant belongs to: `created` (new, with the temporary password — returned this once,
 * never stored readable), `existing` (an account with that e-mail/phone already existed; its own password
 * stays), `none` (no sign-in yet).
 */
export const assistedAccountSchema = z.object({
  status: z.enum(['created', 'existing', 'none']),
  user_id: z.number().int(),
  name: z.string(),
  username: z.string().nullable(),
  temporary_password: z.string().nullable(),
});
export type AssistedAccount = z.infer<typeof assistedAccountSchema>;

export const assistedResultSchema = z.object({
  registrant_id: z.number().int(),
  registration_number: z.string(),
  name: z.string().nullable(),
  school_name: z.string(),
  account: assistedAccountSchema,
});
export type AssistedResult = z.infer<typeof assistedResultSchema>;

export const assistedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: assistedResultSchema,
});
export type AssistedResponse = z.infer<typeof assistedResponseSchema>;

/**
 * POST /registrant/login_slip/:id: the slip is drawn from the registrant's stored data plus the temporary
 * password the client got once from the create answer (the server keeps only its hash).
 */
export const loginSlipSchema = z.strictObject({ temporary_password: trimmed.max(128).optional() }).optional();

// --- internal students ---------------------------------------------------------------------------------------

export const internalListQuerySchema = z.strictObject({
  school_id: strictId().optional(),
  school_period_id: strictId().optional(),
  search: trimmed.max(100, 'Kata kunci maksimal 100 karakter.').optional(),
  page: z.coerce.number().int().min(1, 'Halaman tidak valid.').max(100_000).optional(),
  limit: z.coerce.number().int().min(1, 'Batas tidak valid.').max(100, 'Maksimal 100 baris.').optional(),
});
export type InternalListQuery = z.output<typeof internalListQuerySchema>;

export const internalRowSchema = z.object({
  id: z.number().int(),
  registration_number: z.string(),
  name: z.string().nullable(),
  school_name: z.string(),
  school_period_name: z.string(),
  mst_class_name: z.string(),
  status: z.string(),
  parent_name: z.string(),
});
export type InternalRow = z.infer<typeof internalRowSchema>;

export const internalListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(internalRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

/** POST /registrant/internal: mark (or unmark) existing registrants as internal students, all or nothing. */
export const internalMarkSchema = z.strictObject({
  registrant_ids: z
    .array(strictId(), { error: ASSISTED_MSG.internalIds })
    .min(1, ASSISTED_MSG.internalIds)
    .max(500, ASSISTED_MSG.internalIds),
  is_internal: z.boolean({ error: ASSISTED_MSG.internalFlag }),
});
export type InternalMarkRequest = z.input<typeof internalMarkSchema>;

export const internalMarkResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  updated: z.array(z.number().int()),
});
