/**
 * Dates and times as the product shows them, in WIB whatever the machine's zone: `21 November 2026`,
 * `08.30 WIB`. Written by hand so the output does not depend on locale data (browsers, the api's PDFs).
 */
export const MONTHS_ID = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
] as const;
export const DAYS_ID = ['Minggu', 'Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu'] as const;

export type DateInput = Date | string | number | null | undefined;

/** WIB is UTC+7 all year (no daylight saving), so a fixed shift gives Jakarta wall time on any machine. */
const WIB_OFFSET_MS = 7 * 60 * 60 * 1000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

interface WallTime {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hour: number;
  minute: number;
}

export function wallTime(input: DateInput): WallTime | null {
  if (input === null || input === undefined || input === '') return null;
  const dateOnly = typeof input === 'string' ? DATE_ONLY.exec(input) : null;
  // A bare calendar date (2026-11-21) is a day, not an instant: show it as written.
  const shifted = dateOnly
    ? new Date(Date.UTC(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])))
    : new Date(new Date(input).getTime() + WIB_OFFSET_MS);
  if (Number.isNaN(shifted.getTime())) return null;
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth(),
    day: shifted.getUTCDate(),
    weekday: shifted.getUTCDay(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const EMPTY = '-';

/** `21 November 2026` */
export function formatDate(input: DateInput): string {
  const t = wallTime(input);
  return t ? `${t.day} ${MONTHS_ID[t.month]} ${t.year}` : EMPTY;
}

/** `08.30 WIB` */
export function formatTime(input: DateInput): string {
  const t = wallTime(input);
  return t ? `${pad(t.hour)}.${pad(t.minute)} WIB` : EMPTY;
}

/** `21 November 2026 08.30 WIB` */
export function formatDateTime(input: DateInput): string {
  const t = wallTime(input);
  return t ? `${formatDate(input)} ${formatTime(input)}` : EMPTY;
}
