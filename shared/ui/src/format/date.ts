import { DAYS_ID, type DateInput, MONTHS_ID, wallTime } from '@psb/contracts/core';

export {
  DAYS_ID,
  type DateInput,
  formatDate,
  formatDateTime,
  formatTime,
  MONTHS_ID,
} from '@psb/contracts/core';

const pad = (n: number) => String(n).padStart(2, '0');
const EMPTY = '-';
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

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
