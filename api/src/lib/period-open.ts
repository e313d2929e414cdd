import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/kysely';

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

/**
 * The tenant's next published opening: midnight WIB of the earliest start date of an active period that has
 * not started yet (as ms since epoch), and whether a period is open today. Read for the waiting room and the
 * public status page.
 */
export async function registrationCalendar(db: Db, tenantId: number) {
  const row = await db
    .selectFrom('school_periods as p')
    .select((eb) => [
      sql<Date | null>`min((p.start_date::timestamp AT TIME ZONE 'Asia/Jakarta')) FILTER (WHERE p.start_date > ${todayWib})`.as(
        'next_opening',
      ),
      eb.fn.coalesce(sql<boolean>`bool_or(${periodOpenToday('p')})`, sql<boolean>`false`).as('open_now'),
    ])
    .where('p.tenant_id', '=', tenantId)
    .where('p.deleted_at', 'is', null)
    .where('p.is_active', '=', true)
    .executeTakeFirst();
  return { nextOpening: row?.next_opening?.getTime() ?? null, openNow: row?.open_now ?? false };
}
