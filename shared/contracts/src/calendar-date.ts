import { z } from './zod';

export const DATE_MESSAGE = 'Tanggal harus berformat yyyy-mm-dd.';

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Whether `value` is `YYYY-MM-DD` naming a day that exists: 2027-02-30, 2027-04-31 and month 13 are refused
 * here rather than by PostgreSQL (a 500), and year 0 too (PostgreSQL has none). `Date.parse` is no help: it
 * rolls 2027-02-30 over to March.
 */
export function isCalendarDate(value: string): boolean {
  const m = DATE_TEXT.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A `YYYY-MM-DD` text that is a real calendar day; every date field and date filter is made of this. */
export const calendarDate = (message: string = DATE_MESSAGE) =>
  z.string({ error: message }).refine(isCalendarDate, message);
