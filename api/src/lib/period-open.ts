import { type RawBuilder, sql } from 'kysely';

/** Today's date in Western Indonesia Time (WIB), the calendar registration periods are written in. */
export const todayWib = sql<string>`(now() AT TIME ZONE 'Asia/Jakarta')::date`;

/**
 * The "period open today" rule, written once: the period (a school_periods row under `alias`) is active and
 * today (WIB) lies within its start and end dates, both inclusive. Archived periods are filtered by callers.
 */
export function periodOpenToday(alias: string): RawBuilder<boolean> {
  const col = (c: string) => sql.ref(`${alias}.${c}`);
  return sql<boolean>`(${col('is_active')} AND ${todayWib} BETWEEN ${col('start_date')} AND ${col('end_date')})`;
}
