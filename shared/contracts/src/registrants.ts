import { passwordSchema } from './auth';
import { calendarDate } from './calendar-date';
import { registrantFamilySchema } from './family';
import {
  ALREADY_SUBMITTED_MSG,
  FORM_LOCKED_MSG,
  REGISTRANT_STATUSES,
  type RegistrantStatus,
  STATUS_LABELS,
  WITHDRAW_VERIFIED_MSG,
} from './registrant-status';
import { CUSTOM_ANSWER_TYPES } from './survey/custom';
import { normalizeVoucher, VOUCHER_MSG } from './vouchers';
import { z } from './zod';

/**
 * The parent's side of a registrant (calon murid): adding one with a voucher, the form's answers (validated
 * with the survey of ./survey), complete, submit, documents, and the public status check.
 */

export const REGISTRANT_MSG = {
  created: 'Calon murid berhasil ditambahkan.',
  wrongPassword: 'Kata sandi salah.',
  passwordAgain: 'Masukkan kata sandi akun Anda sebagai konfirmasi.',
  notStaffArea: 'Akun staf tidak dapat menambahkan calon murid.',
  periodMissing: 'Periode pendaftaran tidak ditemukan.',
  periodOtherSchool: 'Periode pendaftaran tersebut bukan milik sekolah yang dipilih.',
  periodClosed: 'Periode pendaftaran ini sedang tidak dibuka.',
  voucherOtherYear: 'Voucher ini tidak berlaku untuk tahun ajaran periode pendaftaran tersebut.',
  voucherOtherSchool: (school: string) => `Voucher ini hanya berlaku untuk ${school}.`,
  classMissing: 'Kelas tersebut tidak tersedia pada periode pendaftaran ini.',
  quotaFull: 'Kuota kelas ini sudah penuh. Silakan pilih kelas atau periode lain.',
  saved: 'Jawaban tersimpan.',
  locked: FORM_LOCKED_MSG,
  completed:
    'Data calon murid sudah tersimpan. Silakan periksa kembali data Anda, lalu tekan tombol Submit di halaman Beranda.',
  missing: (n: number) => `Masih ada ${n} isian wajib yang belum diisi.`,
  submitted: 'Data calon murid berhasil dikirim. Formulir kini terkunci.',
  alreadySubmitted: ALREADY_SUBMITTED_MSG,
  opened: 'Formulir dibuka kembali; orang tua dapat mengubah data lalu mengirim ulang.',
  numberNotFound: 'Nomor pendaftaran tidak ditemukan.',
  statusNoMatch: 'Nomor pendaftaran dan tanggal lahir tidak cocok dengan data mana pun.',
  statusNeedsBirthDate:
    'Tanggal lahir calon murid wajib diisi. Cek status dengan nomor pendaftaran dan tanggal lahir pada halaman Cek Status.',
  withdrawn:
    'Pendaftaran dibatalkan. Voucher dapat Anda gunakan lagi untuk mendaftarkan calon murid dari akun ini.',
  withdrawVerified: WITHDRAW_VERIFIED_MSG,
  uploaded: 'File berhasil diunggah.',
  fileTooLarge: 'Ukuran file maksimal 5 MB.',
  fileType: 'Jenis file harus JPG, PNG atau PDF.',
  photoType: 'Foto harus berupa gambar JPG atau PNG.',
  fileBroken: 'File gambar rusak atau tidak dapat dibaca.',
  fileMissing: 'Pilih file yang akan diunggah.',
  fileNotFound: 'File belum diunggah.',
} as const;

const id = (label: string) =>
  z.coerce
    .number({ error: `Pilih ${label}.` })
    .int(`Pilih ${label}.`)
    .positive(`Pilih ${label}.`)
    .max(2_147_483_647, `Pilih ${label}.`);

/**
 * A parent whose session was opened with the password (sign-in, registration, password change) this recently
 * redeems a voucher without typing it again: the device is still in the hands of whoever typed it. Past it, an
 * unattended signed-in phone (sessions last hours) cannot spend the family's voucher without the password.
 */
export const RECENT_SIGN_IN_SECONDS = 15 * 60;

/**
 * POST /registrant: the "Tambah Calon Murid" dialog (voucher + the account password as confirmation; the
 * password may be left out within RECENT_SIGN_IN_SECONDS of signing in).
 */
export const createRegistrantSchema = z.strictObject({
  token: z
    .string({ error: VOUCHER_MSG.required })
    .transform(normalizeVoucher)
    .pipe(z.string().min(1, VOUCHER_MSG.required).max(32, VOUCHER_MSG.notFound)),
  password: passwordSchema.optional(),
  school_id: id('sekolah'),
  school_period_id: id('periode pendaftaran'),
  mst_class_id: id('kelas'),
});
export type CreateRegistrantRequest = z.input<typeof createRegistrantSchema>;

export * from './registrant-status';
export * from './timeline';

/** Status of a registrant as one Indonesian label (home page, public check). */
export function registrantStatusLabel(r: { status: string }): string {
  return STATUS_LABELS[r.status as RegistrantStatus] ?? r.status;
}

export const UPLOAD_FOLDERS = ['photo', 'akta', 'kk'] as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];
export const UPLOAD_FOLDER_LABELS: Record<UploadFolder, string> = {
  photo: 'Pas foto',
  akta: 'Akta kelahiran',
  kk: 'Kartu keluarga',
};
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

export const documentSchema = z.object({
  url: z.string(),
  name: z.string(),
  type: z.string(),
  size: z.number().int(),
  uploaded_at: z.string(),
});

/** A document as the registrants table keeps it: what the apps see, plus its storage key (never sent). */
export type StoredDocument = z.infer<typeof documentSchema> & { key: string };
/** The registrants.documents column: one stored document per upload folder. */
export type StoredDocuments = Record<string, StoredDocument>;

export const missingItemSchema = z.object({ no: z.number().int(), label: z.string() });
export type MissingItem = z.infer<typeof missingItemSchema>;

const registrantBase = {
  id: z.number().int(),
  registration_number: z.string(),
  name: z.string().nullable(),
  user_id: z.number().int(),
  school_id: z.number().int(),
  school_name: z.string(),
  school_period_id: z.number().int(),
  school_period_name: z.string(),
  mst_class_id: z.number().int(),
  mst_class_name: z.string(),
  school_year_id: z.number().int(),
  school_year_name: z.string(),
  is_submit: z.boolean(),
  is_verified: z.boolean(),
  is_test: z.boolean(),
  is_accepted: z.boolean().nullable(),
  is_internal: z.boolean(),
  locked: z.boolean(),
  status: z.enum(REGISTRANT_STATUSES),
  /** Why staff reopened the form, while it is open again. */
  status_note: z.string().nullable(),
  survey_completed_at: z.string().nullable(),
  submitted_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  status_label: z.string(),
  documents: z.record(z.string(), documentSchema),
  /** Required answers still missing (what blocks Submit). */
  missing_count: z.number().int(),
  missing: z.array(missingItemSchema),
};

/** One row of GET /registrants (the parent's own) and GET registrant/user/{id}. */
export const registrantSummarySchema = z.object(registrantBase);
export type RegistrantSummary = z.infer<typeof registrantSummarySchema>;

/** A question the school added to its form (see survey/custom.ts). */
export const customQuestionSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  answer_type: z.enum(CUSTOM_ANSWER_TYPES),
  options: z.string().nullable(),
  help_text: z.string().nullable(),
  is_required: z.boolean(),
});

/**
 * GET registrant/{id}: the registrant with its answers (question number → answer) and the questions its school
 * added for its period, in order.
 */
export const registrantSchema = z.object({
  ...registrantBase,
  question_answer: z.record(z.string(), z.unknown()),
  custom_questions: z.array(customQuestionSchema),
  /** Sensitive questions whose answers were left out for this staff caller (no Data Sensitif module). */
  hidden_answers: z.array(z.number().int()).optional(),
  /** Answers copied from the family's earlier form (see family.ts); absent when none were copied. */
  family: registrantFamilySchema.optional(),
});
export type Registrant = z.infer<typeof registrantSchema>;

export const registrantResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: registrantSchema,
});
export const registrantListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(registrantSummarySchema),
});

/**
 * POST /registrant_answer: answers of one page. A `null` answer deletes that answer. When an address level
 * changes, the server also clears the levels below it that the payload does not carry.
 */
export const saveAnswersSchema = z.strictObject({
  registrant_id: z
    .number({ error: 'Id calon murid tidak valid.' })
    .int('Id calon murid tidak valid.')
    .positive('Id calon murid tidak valid.')
    .max(2_147_483_647, 'Id calon murid tidak valid.'),
  data: z
    .record(z.string(), z.unknown(), { error: 'Data jawaban tidak valid.' })
    .refine((d) => Object.keys(d).length <= 200, 'Terlalu banyak jawaban dalam satu kali simpan.'),
});
export type SaveAnswersRequest = z.input<typeof saveAnswersSchema>;
export const saveAnswersResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  registrant_id: z.number().int(),
  updated_at: z.string(),
});

/** POST /registrant/submit/{id}. generate_schedule is accepted for the test-schedule issue. */
export const submitRegistrantSchema = z.strictObject({ generate_schedule: z.boolean().optional() }).nullish();
/** Errors of submit; while required answers are missing (400) `missing` lists them and `errors` is keyed by number. */
export const submitErrorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  missing: z.array(missingItemSchema).optional(),
});
export const completeRegistrantResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  missing_count: z.number().int(),
  missing: z.array(missingItemSchema),
});

/**
 * POST /public/registrant/status: the public status check. Both the number and the child's birth date must
 * match; the answer is the status with the name masked, nothing else.
 */
export const registrationStatusRequestSchema = z.strictObject({
  registration_number: z
    .string({ error: 'Nomor pendaftaran wajib diisi.' })
    .trim()
    .min(1, 'Nomor pendaftaran wajib diisi.')
    .max(40, 'Nomor pendaftaran terlalu panjang.'),
  birth_date: z
    .string({ error: 'Tanggal lahir wajib diisi.' })
    .pipe(calendarDate('Tanggal lahir tidak valid (dd/mm/yyyy).')),
});
export type RegistrationStatusRequest = z.input<typeof registrationStatusRequestSchema>;
/** A registration number in the path (`/registrant/registration_number/{n}`). */
export const registrationNumberParamsSchema = z.object({
  n: registrationStatusRequestSchema.shape.registration_number,
});
export const registrationStatusResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ registration_number: z.string(), name: z.string(), status: z.string() }),
});

/** POST /registrant/withdraw/{id}: the parent withdraws an application staff have not verified. */
export const withdrawRegistrantSchema = z
  .strictObject({
    reason: z.string().trim().max(300, 'Alasan maksimal 300 karakter.').optional(),
  })
  .nullish();

/** POST /registrant/upload/{id}. */
export const uploadQuerySchema = z.object({
  folder: z.enum(UPLOAD_FOLDERS, { error: 'Folder harus photo, akta atau kk.' }).optional(),
  resize: z.coerce
    .number({ error: 'Lebar gambar harus berupa angka.' })
    .int('Lebar gambar harus berupa bilangan bulat.')
    .min(50, 'Lebar gambar antara 50 dan 3000 piksel.')
    .max(3000, 'Lebar gambar antara 50 dan 3000 piksel.')
    .optional(),
  filename: z.string().max(150).optional(),
});
export const uploadResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  url_gcs: z.string(),
  data: documentSchema.extend({ folder: z.enum(UPLOAD_FOLDERS) }),
});
export type UploadedDocument = z.infer<typeof uploadResponseSchema>['data'];

/** GET /public/kemdikbud_school?npsn=: a school of the national directory (NPSN), or null. */
export const npsnSchema = z
  .string({ error: 'NPSN wajib diisi.' })
  .trim()
  .toUpperCase()
  .regex(/^[0-9A-Z]{8}$/, 'NPSN terdiri dari 8 angka/huruf.');
export const directorySchoolSchema = z.object({
  npsn: z.string(),
  nama: z.string(),
  alamat: z.string(),
  status: z.enum(['NEGERI', 'SWASTA']),
  bentuk_pendidikan: z.string(),
  desa: z.string(),
  kecamatan: z.string(),
  kabupaten: z.string(),
  provinsi: z.string(),
  source: z.string(),
});
export type DirectorySchool = z.infer<typeof directorySchoolSchema>;
export const directorySchoolResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: directorySchoolSchema.nullable(),
});

/**
 * GET /public/content/{key}: page content kept in configs that first_page does not carry:
 * `registration_steps` ({register, payment, biodata}: {title, intro, steps[]}), `interview_announcement`
 * ({title, body, schedule[]}) and `interview_guide` (the source of the interview guide PDF).
 */
export const CONTENT_KEYS = ['registration_steps', 'interview_announcement', 'interview_guide'] as const;
export type ContentKey = (typeof CONTENT_KEYS)[number];
export const contentResponseSchema = z.object({
  success: z.literal(true),
  key: z.enum(CONTENT_KEYS),
  data: z.unknown(),
});

/** Proof of submission: shown at once and sent through the parent's channel, so "did it go through?" has an answer. */
export const submissionReceiptSchema = z.object({
  /** Receipt reference: the registration number and the minute of submission (WIB). */
  reference: z.string(),
  registration_number: z.string(),
  submitted_at: z.string(),
});
export type SubmissionReceipt = z.infer<typeof submissionReceiptSchema>;

export const submitResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  receipt: submissionReceiptSchema,
});
