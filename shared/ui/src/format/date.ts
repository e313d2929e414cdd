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

function wallTime(input: DateInput): WallTime | null {
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

const CLOCK = /^(\d{1,2})[:.](\d{2})(?:[:.]\d{2})?$/;

/** A wall-clock time of day as stored (`08:00`, `08:00:00`) written the Indonesian way: `08.00`. */
export function formatClock(time: string | null | undefined): string {
  const m = time ? CLOCK.exec(time.trim()) : null;
  return m ? `${pad(Number(m[1]))}.${m[2]}` : (time ?? EMPTY) || EMPTY;
}

/** A session's hours: `08.00–10.00 WIB`. */
export function formatTimeRange(start: string | null | undefined, end: string | null | undefined): string {
  if (!start) return EMPTY;
  return end ? `${formatClock(start)}–${formatClock(end)} WIB` : `${formatClock(start)} WIB`;
}

/** `Sabtu, 21 November 2026` — the admin header's date. */
export function formatToday(now: DateInput = new Date()): string {
  const t = wallTime(now);
  return t ? `${DAYS_ID[t.weekday]}, ${t.day} ${MONTHS_ID[t.month]} ${t.year}` : EMPTY;
}

/** How the staff console shows and accepts a calendar date, whatever the browser's language. */
export const DATE_INPUT_FORMAT = 'DD/MM/YYYY';

const TYPED_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/**
 * A typed Indonesian date (`21/11/2026`, also `21-11-2026` or `21.11.2026`, day first) as `2026-11-21`, or
 * null when it is not a real calendar day (31/02/2026). An ISO date is accepted as it is.
 */
export function parseDateId(text: string): string | null {
  const s = text.trim();
  const iso = DATE_ONLY.exec(s);
  const m = iso ? [s, iso[3], iso[2], iso[1]] : TYPED_DATE.exec(s);
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}
