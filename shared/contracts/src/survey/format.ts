/** Phone inputs are masked `+62` followed by up to 12 digits. */
export const PHONE_PREFIX = '+62';
export const PHONE_MAX_DIGITS = 12;
const PHONE = /^\+62\d{8,12}$/;

/**
 * What the mask turns typing into: keeps digits, drops a leading 0 or 62 the parent typed out of habit, and
 * cuts at 12 digits. `''` stays empty so an optional phone can be left blank.
 */
export function maskPhone(input: string): string {
  let digits = input.replace(/\D/g, '');
  if (input.trim().startsWith('+62') || digits.startsWith('62')) digits = digits.slice(2);
  else if (digits.startsWith('0')) digits = digits.slice(1);
  if (!digits) return '';
  return `${PHONE_PREFIX}${digits.slice(0, PHONE_MAX_DIGITS)}`;
}

export const isMaskedPhone = (value: string) => PHONE.test(value);

const DMY = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

function validDate(y: number, m: number, d: number) {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Digits → dd/mm/yyyy as they are typed (the slashes come by themselves). */
export function formatDateTyping(input: string): string {
  const d = input.replace(/\D/g, '').slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

/** dd/mm/yyyy (shown) → yyyy-mm-dd (sent); null when it is not a real date. */
export function toIsoDate(shown: string): string | null {
  const m = DMY.exec(shown.trim());
  if (!m) return null;
  const [, d, mo, y] = m;
  return validDate(Number(y), Number(mo), Number(d)) ? `${y}-${mo}-${d}` : null;
}

/** yyyy-mm-dd (stored) → dd/mm/yyyy (shown); null when it is not a real date. */
export function fromIsoDate(iso: string): string | null {
  const m = ISO.exec(iso.trim());
  if (!m) return null;
  const [, y, mo, d] = m;
  return validDate(Number(y), Number(mo), Number(d)) ? `${d}/${mo}/${y}` : null;
}

export const isIsoDate = (value: string) => fromIsoDate(value) !== null;
