import { passwordSchema } from '../auth';
import { canonicalEmail, canonicalPhone, isEmail, isPhone, MSG } from '../validation';
import { z } from '../zod';
import { RESOURCE_CATALOG } from './catalog';
import { f, inputSchemas, recordBase } from './fields';
import { defineResource } from './types';

const email = z
  .string({ error: MSG.emailInvalid })
  .trim()
  .max(150, MSG.emailInvalid)
  .nullish()
  .transform((v) => (v ? canonicalEmail(v).toLowerCase() : null))
  .refine((v) => v === null || isEmail(v), MSG.emailInvalid);
const phone = z
  .string({ error: MSG.phoneInvalid })
  .trim()
  .max(20, MSG.phoneInvalid)
  .nullish()
  .transform((v) => (v ? canonicalPhone(v) : null))
  .refine((v) => v === null || isPhone(v), MSG.phoneInvalid);

const contact = (
  v: { email?: string | null; phone_number?: string | null },
  ctx: z.RefinementCtx,
  creating: boolean,
) => {
  // On update only when the caller touches both (a PUT leaving them out keeps the stored ones).
  const touched = creating || ('email' in v && 'phone_number' in v);
  if (touched && !v.email && !v.phone_number) {
    ctx.addIssue({ code: 'custom', path: ['email'], message: MSG.contactRequired });
    ctx.addIssue({ code: 'custom', path: ['phone_number'], message: MSG.contactRequired });
  }
};

const shape = {
  name: z.string({ error: MSG.nameRequired }).trim().min(1, MSG.nameRequired).max(100),
  email,
  phone_number: phone,
  role_id: f.ref('peran'),
};
const { updateSchema } = inputSchemas(shape, (v, ctx) => contact(v, ctx, false));

/**
 * Pengguna: accounts of the tenant (staff and parents). The password is set on create (or reset by staff with
 * POST /user/reset/{id}) and never returned. Only a superadmin may create, change or reset a superadmin.
 */
export const userResource = defineResource({
  ...RESOURCE_CATALOG.user,
  plural: 'users',
  table: 'users',
  titleField: 'name',
  fields: [
    { name: 'name', label: 'Nama', input: 'text', required: true, maxLength: 100 },
    { name: 'email', label: 'Email', input: 'email', maxLength: 150 },
    { name: 'phone_number', label: 'No. HP', input: 'phone', maxLength: 20 },
    { name: 'role_id', label: 'Peran', input: 'relation', resource: 'role', required: true },
    {
      name: 'password',
      label: 'Kata Sandi',
      input: 'password',
      required: true,
      createOnly: true,
      description: 'Minimal 6 karakter. Untuk mengganti nanti gunakan tombol Atur Ulang Kata Sandi.',
    },
  ],
  columns: [
    { key: 'name', label: 'Nama', sortable: true },
    { key: 'email', label: 'Email', sortable: true },
    { key: 'phone_number', label: 'No. HP', sortable: true },
    { key: 'role_name', label: 'Peran', ref: 'role_id.name', format: 'role', sortable: true },
    { key: 'email_verified_at', label: 'Email Terverifikasi', format: 'datetime', list: false },
    { key: 'created_at', label: 'Terdaftar', format: 'datetime', sortable: true },
  ],
  filters: [
    { key: 'role_id', label: 'Peran', match: 'eq', input: 'relation', resource: 'role' },
    { key: 'name', label: 'Nama', match: 'contains', input: 'text' },
  ],
  search: ['name', 'email', 'phone_number'],
  defaultSort: { column: 'created_at', direction: 'desc' },
  uniques: [
    { columns: ['email'], message: 'Email sudah terdaftar.' },
    { columns: ['phone_number'], message: 'No. HP sudah terdaftar.' },
  ],
  relations: { role_id: { resource: 'role', display: 'name' } },
  exportFileName: 'Data Pengguna',
  schema: z.object({
    ...recordBase,
    name: z.string(),
    email: z.string().nullable(),
    phone_number: z.string().nullable(),
    role_id: z.number().int(),
    role_name: z.string().nullable(),
    email_verified_at: z.string().nullable(),
  }),
  createSchema: z
    .object({ ...shape, password: passwordSchema })
    .superRefine((v, ctx) => contact(v, ctx, true)),
  updateSchema,
});

/** POST /user/reset/{id}: the new temporary password, shown once. */
export const userResetResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  password: z.string(),
});
