import { emailText, loginResponseSchema, passwordSchema, phoneText } from './auth';
import { RESOURCE_CATALOG } from './resources/catalog';
import { f, inputSchemas, recordBase } from './resources/fields';
import { defineResource } from './resources/types';
import { isEmail, isPhone, MSG } from './validation';
import { z } from './zod';

/**
 * Vouchers (token): a pre-paid code that lets a parent create one registrant for a school year (and, when
 * school_id is set, one school). Staff generate them in bulk; the list, export, edit, archive and restore are
 * the resource engine's (module Token); generate, availability and reset are endpoints of their own.
 */

/** Unambiguous alphabet of generated codes: no 0/O, 1/I/L. 10 characters = 50 bits. */
export const VOUCHER_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const VOUCHER_LENGTH = 10;
export const VOUCHER_METHODS = ['offline', 'online', 'internal'] as const;
export type VoucherMethod = (typeof VOUCHER_METHODS)[number];
export const VOUCHER_METHOD_LABELS: Record<VoucherMethod, string> = {
  offline: 'Dibeli di sekolah',
  online: 'Dibeli di aplikasi',
  internal: 'Internal sekolah',
};
export const VOUCHER_CREATE_MAX = 1000;

/** What a parent typed, as stored: trimmed, upper case, inner spaces removed. */
export const normalizeVoucher = (code: string) => code.trim().toUpperCase().replace(/\s+/g, '');

export const VOUCHER_MSG = {
  required: 'Kode voucher wajib diisi.',
  notFound: 'Kode voucher tidak ditemukan.',
  /** What a parent sees for a code that matches no voucher (usually mistyped). */
  invalid: 'Kode voucher tidak valid. Periksa kembali kode pada kartu voucher Anda.',
  used: 'Voucher sudah digunakan.',
  otherAccount: 'Voucher ini sudah terhubung dengan akun lain.',
  created: (n: number) => `${n} voucher berhasil dibuat.`,
  notUsed: 'Voucher ini belum digunakan, tidak ada yang perlu direset.',
  stillUsed: (name: string, number: string) =>
    `Voucher masih dipakai oleh calon murid ${name} (${number}). Hapus data calon murid tersebut terlebih dahulu.`,
  reset: 'Voucher berhasil direset dan dapat digunakan kembali.',
  usedNoEdit: 'Voucher yang sudah digunakan tidak dapat diubah tahun ajaran atau sekolahnya.',
  usedNoDelete: 'Voucher yang sudah digunakan tidak dapat dihapus.',
  badLogin: 'Kode voucher atau kata sandi salah.',
  registered: 'Akun berhasil dibuat. Gunakan kode voucher dan kata sandi ini untuk masuk.',
} as const;

const methodOptions = VOUCHER_METHODS.map((m) => ({ value: m, label: VOUCHER_METHOD_LABELS[m] }));

export const voucherResource = defineResource({
  ...RESOURCE_CATALOG.mst_token,
  plural: 'mst_tokens',
  table: 'mst_tokens',
  titleField: 'token',
  fields: [
    {
      name: 'method',
      label: 'Metode',
      input: 'select',
      options: methodOptions,
      required: true,
      defaultValue: 'offline',
    },
    {
      name: 'school_year_id',
      label: 'Tahun Ajaran',
      input: 'relation',
      resource: 'school_year',
      required: true,
    },
    {
      name: 'school_id',
      label: 'Sekolah',
      input: 'relation',
      resource: 'school',
      description: 'Kosongkan agar voucher berlaku untuk semua sekolah.',
    },
    { name: 'note', label: 'Catatan', input: 'text', maxLength: 200 },
  ],
  columns: [
    { key: 'token', label: 'Kode Voucher', sortable: true, copyable: true },
    { key: 'method', label: 'Metode', format: 'list', options: methodOptions, sortable: true },
    { key: 'school_year_name', label: 'Tahun Ajaran', ref: 'school_year_id.name', sortable: true },
    { key: 'school_name', label: 'Sekolah', ref: 'school_id.name', sortable: true },
    { key: 'status', label: 'Status', export: false, list: false },
    { key: 'status_label', label: 'Status', sortable: true },
    { key: 'used_at', label: 'Digunakan Pada', format: 'datetime', sortable: true },
    { key: 'used_by_name', label: 'Digunakan Oleh', ref: 'used_by_user_id.name' },
    { key: 'registrant_id', label: 'Id Calon Murid', format: 'number', list: false, export: false },
    { key: 'note', label: 'Catatan' },
    { key: 'created_at', label: 'Dibuat', format: 'datetime', sortable: true },
  ],
  filters: [
    {
      key: 'school_year_id',
      label: 'Tahun Ajaran',
      match: 'eq',
      input: 'relation',
      resource: 'school_year',
    },
    { key: 'school_id', label: 'Sekolah', match: 'eq', input: 'relation', resource: 'school' },
    { key: 'method', label: 'Metode', match: 'eq', input: 'select', options: methodOptions },
    {
      key: 'status',
      label: 'Status',
      match: 'eq',
      input: 'select',
      options: [
        { value: 'unused', label: 'Belum digunakan' },
        { value: 'used', label: 'Sudah digunakan' },
      ],
    },
  ],
  search: ['token', 'used_by_user_id.name', 'note'],
  defaultSort: { column: 'created_at', direction: 'desc' },
  uniques: [{ columns: ['token'], message: 'Kode voucher sudah ada.' }],
  relations: {
    school_year_id: { resource: 'school_year', display: 'name' },
    school_id: { resource: 'school', display: 'name' },
    used_by_user_id: { resource: 'user', display: 'name', label: 'Pengguna' },
  },
  exportFileName: 'Voucher',
  schema: z.object({
    ...recordBase,
    token: z.string(),
    method: z.string(),
    school_year_id: z.number().int(),
    school_year_name: z.string().nullable(),
    school_id: z.number().int().nullable(),
    school_name: z.string().nullable(),
    note: z.string().nullable(),
    status: z.enum(['used', 'unused']),
    status_label: z.string(),
    used_at: z.string().nullable(),
    used_by_name: z.string().nullable(),
    registrant_id: z.number().int().nullable(),
  }),
  ...inputSchemas({
    method: f.choice('Metode', VOUCHER_METHODS).default('offline'),
    school_year_id: f.ref('tahun ajaran'),
    school_id: f.optionalRef('sekolah'),
    note: f.optionalText('Catatan', 200),
  }),
});
export type Voucher = z.infer<typeof voucherResource.schema>;

/** POST /mst_token/create: generate `count` vouchers. */
export const createVouchersSchema = z.strictObject({
  count: z.coerce
    .number({ error: 'Jumlah harus berupa angka.' })
    .int('Jumlah harus berupa bilangan bulat.')
    .min(1, `Jumlah voucher antara 1 dan ${VOUCHER_CREATE_MAX}.`)
    .max(VOUCHER_CREATE_MAX, `Jumlah voucher antara 1 dan ${VOUCHER_CREATE_MAX}.`),
  method: f.choice('Metode', VOUCHER_METHODS).default('offline'),
  school_year_id: f.ref('tahun ajaran'),
  school_id: f.optionalRef('sekolah'),
  note: f.optionalText('Catatan', 200),
});
export type CreateVouchersRequest = z.input<typeof createVouchersSchema>;

export const createVouchersResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.array(voucherResource.schema),
});

/** GET /mst_tokens/available/{school_year_id}: unused live vouchers of a school year (list capped at 1000). */
export const availableVouchersResponseSchema = z.object({
  success: z.literal(true),
  count: z.number().int(),
  data: z.array(
    z.object({
      id: z.number().int(),
      token: z.string(),
      method: z.string(),
      school_id: z.number().int().nullable(),
      school_name: z.string().nullable(),
    }),
  ),
});

const voucherCode = z
  .string({ error: VOUCHER_MSG.required })
  .transform(normalizeVoucher)
  .pipe(z.string().min(1, VOUCHER_MSG.required).max(32, VOUCHER_MSG.notFound));

/** POST public/login_token and user/token/login: sign in with a voucher code and the account password. */
export const tokenLoginSchema = z.strictObject({
  token: voucherCode,
  password: passwordSchema,
});
export type TokenLoginRequest = z.input<typeof tokenLoginSchema>;
export const tokenLoginResponseSchema = loginResponseSchema;

/**
 * POST user/token/register: a parent without an account starts from a voucher. The account is bound to the
 * voucher; name, e-mail and phone are optional (the voucher code + password is the login until one is added).
 */
export const tokenRegisterSchema = z
  .strictObject({
    token: voucherCode,
    name: z.string().trim().max(100).optional().default(''),
    email: emailText.optional().default(''),
    phone_number: phoneText.optional().default(''),
    password: passwordSchema,
  })
  .superRefine((v, ctx) => {
    if (v.email !== '' && !isEmail(v.email))
      ctx.addIssue({ code: 'custom', path: ['email'], message: MSG.emailInvalid });
    if (v.phone_number !== '' && !isPhone(v.phone_number))
      ctx.addIssue({ code: 'custom', path: ['phone_number'], message: MSG.phoneInvalid });
  });
export type TokenRegisterRequest = z.input<typeof tokenRegisterSchema>;
