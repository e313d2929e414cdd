import { roleModuleSchema } from './role-modules';
import {
  canonicalEmail,
  canonicalPhone,
  canonicalUsername,
  isEmail,
  isPhone,
  isUsername,
  MSG,
  PASSWORD_MIN,
} from './validation';
import { z } from './zod';

const trimmed = z.string().trim();
/** An identity as typed, in its one stored form (see canonicalEmail / canonicalPhone). */
const username = trimmed.transform(canonicalUsername).refine(isUsername, MSG.usernameInvalid);
export const emailText = trimmed.max(150).transform(canonicalEmail);
export const phoneText = trimmed.max(20).transform(canonicalPhone);
export const passwordSchema = z
  .string({ error: MSG.passwordMin })
  .min(PASSWORD_MIN, MSG.passwordMin)
  .max(128);

export const loginRequestSchema = z.strictObject({
  username,
  password: passwordSchema,
  /** Which area the client signs in to; `admin` refuses the role `user`. */
  type: z.enum(['user', 'admin']).default('user'),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** Register: a name, at least one of e-mail and phone, each valid when given, and a password. */
export const registerRequestSchema = z
  .strictObject({
    name: z.string({ error: MSG.nameRequired }).trim().min(1, MSG.nameRequired).max(100),
    email: emailText.optional().default(''),
    phone_number: phoneText.optional().default(''),
    password: passwordSchema,
  })
  .superRefine((v, ctx) => {
    const emailOk = v.email !== '' && isEmail(v.email);
    const phoneOk = v.phone_number !== '' && isPhone(v.phone_number);
    if (v.email !== '' && !emailOk)
      ctx.addIssue({ code: 'custom', path: ['email'], message: MSG.emailInvalid });
    if (v.phone_number !== '' && !phoneOk)
      ctx.addIssue({ code: 'custom', path: ['phone_number'], message: MSG.phoneInvalid });
    if (v.email === '' && v.phone_number === '') {
      ctx.addIssue({ code: 'custom', path: ['email'], message: MSG.contactRequired });
      ctx.addIssue({ code: 'custom', path: ['phone_number'], message: MSG.contactRequired });
    }
  });
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  role: z.string(),
  role_id: z.number().int(),
  email_verified: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const loginResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: userSchema,
  token: z.string(),
  role_modules: z.array(roleModuleSchema),
  /** The account still has a temporary password staff gave out: the client sends the parent to change it. */
  must_change_password: z.boolean().optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const meResponseSchema = z.object({
  success: z.literal(true),
  user: userSchema,
  role_modules: z.array(roleModuleSchema),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** PUT /me: a parent or staff member edits their own profile. */
export const updateProfileSchema = z
  .strictObject({
    name: z.string({ error: MSG.nameRequired }).trim().min(1, MSG.nameRequired).max(100),
    email: emailText.optional().default(''),
    phone_number: phoneText.optional().default(''),
  })
  .superRefine((v, ctx) => {
    if (v.email !== '' && !isEmail(v.email))
      ctx.addIssue({ code: 'custom', path: ['email'], message: MSG.emailInvalid });
    if (v.phone_number !== '' && !isPhone(v.phone_number))
      ctx.addIssue({ code: 'custom', path: ['phone_number'], message: MSG.phoneInvalid });
    if (v.email === '' && v.phone_number === '')
      ctx.addIssue({ code: 'custom', path: ['email'], message: MSG.contactRequired });
  });
export type UpdateProfileRequest = z.input<typeof updateProfileSchema>;

export const forgotPasswordSchema = z.strictObject({
  username,
});

/**
 * PUT /public/change_password serves two cases: a signed-in user (Bearer token) gives `old_password`;
 * someone following the e-mailed reset link gives `reset_token`.
 */
export const changePasswordSchema = z
  .strictObject({
    old_password: z.string().optional(),
    reset_token: z.string().min(10).max(200).optional(),
    password: passwordSchema,
  })
  .refine((v) => v.old_password !== undefined || v.reset_token !== undefined, {
    message: 'Kata sandi lama wajib diisi.',
    path: ['old_password'],
  });
export type ChangePasswordRequest = z.input<typeof changePasswordSchema>;

export const verificationSchema = z.strictObject({ token: z.string().min(10).max(200) });

export const messageResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** After a password change every older token is revoked; a signed-in caller gets a fresh token here. */
export const changePasswordResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string().optional(),
});
