/** Indonesian messages, shared by the forms and the server. */
export const MSG = {
  usernameInvalid: 'Masukkan Email/ No. HP yang sudah terdaftar.',
  passwordMin: 'Kata sandi minimal 6 karakter.',
  nameRequired: 'Nama tidak boleh kosong.',
  emailInvalid: 'Email tidak valid.',
  phoneInvalid: 'No. HP tidak valid.',
  contactRequired: 'Isi Email atau No. HP (salah satu wajib diisi).',
  passwordMismatch: 'Konfirmasi kata sandi tidak sama.',
  required: 'Wajib diisi.',
} as const;

export const PASSWORD_MIN = 6;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\d{8,15}$/;

/** A plausible address written in one script (look-alike letters of another script are refused). */
export const isEmail = (value: string) => EMAIL.test(value.trim()) && !mixesScripts(value);
export const isPhone = (value: string) => PHONE.test(value.trim());

/** A login name is an e-mail address or a digits-only phone number. */
export const isUsername = (value: string) => isEmail(value) || isPhone(value);

/**
 * Characters that show nothing (zero-width space and joiners, soft hyphen, byte-order mark, Hangul fillers
 * and the like): inside an e-mail or phone they only make a second identity that looks like the first.
 */
const INVISIBLE = /\p{Cf}|\u034f|[\u115f\u1160\u3164\uffa0\s]/gu;

/**
 * The one stored form of an e-mail address: NFKC (fullwidth `ｋ` is `k`), nothing invisible, no trailing dot
 * after the domain. Registration, account edits and sign-in compare this form, ignoring case.
 */
export const canonicalEmail = (value: string) =>
  value.normalize('NFKC').replace(INVISIBLE, '').replace(/\.+$/, '');

/** The one stored form of a phone number: NFKC digits, nothing invisible, Indonesia's `62…` / `+62…` as `0…`. */
export const canonicalPhone = (value: string) =>
  value
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(/^\+?62(?=8)/, '0');

/** An e-mail or a phone number, each in its stored form. */
export const canonicalUsername = (value: string) =>
  value.includes('@') ? canonicalEmail(value) : canonicalPhone(value);

/** Whether letters of more than one script meet in `value` (a Cyrillic `е` among Latin letters). */
export const mixesScripts = (value: string) =>
  /\p{Script=Latin}/u.test(value) && /(?!\p{Script=Latin})\p{L}/u.test(value);
