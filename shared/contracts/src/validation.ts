/** Indonesian messages, shared by the forms and the server. */
export const MSG = {
  usernameInvalid: 'Masukkan Email/ No. HP yang sudah terdaftar.',
  passwordMin: 'Password minimal 6 karakter.',
  nameRequired: 'Nama tidak boleh kosong.',
  emailInvalid: 'Email tidak valid.',
  phoneInvalid: 'No. HP tidak valid.',
  contactRequired: 'Isi Email atau No. HP (salah satu wajib diisi).',
  passwordMismatch: 'Konfirmasi password tidak sama.',
  required: 'Wajib diisi.',
} as const;

export const PASSWORD_MIN = 6;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\d{8,15}$/;

export const isEmail = (value: string) => EMAIL.test(value.trim());
export const isPhone = (value: string) => PHONE.test(value.trim());

/** A login name is an e-mail address or a digits-only phone number. */
export const isUsername = (value: string) => isEmail(value) || isPhone(value);
