import type { RegistrantAdminQuery } from '@psb/contracts';
import { sql } from 'kysely';
import type { Db } from '../../../db/kysely';
import type { TenantConn } from '../../../db/tenant-db';
import { compiledCache } from '../../../lib/compiled-cache';
import { executePagePlanned } from '../../../lib/page-planned-statement';
import { joinPlacement, registrantsAsR } from '../placement';
import { possibleDuplicateCount } from './duplicates-repository';
import { filteredRegistrants } from './list-query';

const SORT_COLUMNS = {
  created_at: 'r.created_at',
  name: 'r.name',
  registration_number: 'r.registration_number',
  status: 'r.status',
  submitted_at: 'r.submitted_at',
} as const;
/**
 * Sorts whose column can be empty: empty ones go last either way. The others are written without NULLS LAST,
 * which would keep a descending sort (the list's default, newest first) from walking an index backwards.
 */
const NULLABLE_SORTS = new Set<string>(['name', 'submitted_at']);

/** A timestamp written as JavaScript's `toISOString()` writes it (UTC, milliseconds, `Z`). */
const isoText = (column: 'r.created_at' | 'r.submitted_at' | 'r.deleted_at') =>
  sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One page of the staff list with the names it shows, timestamps as text and `n`, the row's place on the page.
 * The page's ids are chosen on the registrants alone (filters, sort, offset); the names are joined for those
 * 25 rows only, not for every row the sort passes. LIMIT and OFFSET are written into the SQL (integers the
 * query schema bounds): known to the planner, they let a prepared statement's generic plan be a good one.
 */
function pageRows(db: Db, tenantId: number, q: RegistrantAdminQuery, page: number, limit: number) {
  const sort = SORT_COLUMNS[q.sort ?? 'created_at'];
  const order = q.order ?? 'desc';
  const nullsLast = NULLABLE_SORTS.has(q.sort ?? 'created_at');
  const direction = sql.raw(nullsLast ? `${order} nulls last` : order);
  const pageIds = filteredRegistrants(db, tenantId, q)
    .select('r.id')
    .orderBy(sql.ref(sort), (ob) => {
      const ordered = order === 'asc' ? ob.asc() : ob.desc();
      return nullsLast ? ordered.nullsLast() : ordered;
    })
    .orderBy('r.id', order)
    .limit(sql.lit(limit))
    .offset(sql.lit((page - 1) * limit));
  return joinPlacement(registrantsAsR(db).where('r.tenant_id', '=', tenantId).where('r.id', 'in', pageIds))
    .innerJoin('users as u', (j) =>
      j.onRef('u.tenant_id', '=', 'r.tenant_id').onRef('u.id', '=', 'r.user_id'),
    )
    .select([
      'r.id',
      'r.registration_number',
      'r.name',
      'r.school_id',
      's.name as school_name',
      'r.school_period_id',
      'p.name as school_period_name',
      'r.mst_class_id',
      'k.name as mst_class_name',
      'y.name as school_year_name',
      'r.status',
      'r.is_submit',
      'r.is_test',
      'r.is_accepted',
      'r.is_internal',
      isoText('r.created_at').as('created_at'),
      isoText('r.submitted_at').as('submitted_at'),
      'u.name as parent_name',
      'u.email as parent_email',
      'u.phone_number as parent_phone',
      isoText('r.deleted_at').as('deleted_at'),
      possibleDuplicateCount.as('possible_duplicate_count'),
      sql<number>`row_number() OVER (ORDER BY ${sql.ref(sort)} ${direction}, r.id ${sql.raw(order)})`.as('n'),
    ]);
}

/**
 * A page row as JSON, with the contract's fields in its order: row_to_json writes compact JSON, the same text
 * as the contract's serialiser wrote (json_build_object would add spaces).
 */
const rowJson = sql.raw(
  `row_to_json((SELECT z FROM (SELECT ${[
    'id',
    'registration_number',
    'name',
    'school_id',
    'school_name',
    'school_period_id',
    'school_period_name',
    'mst_class_id',
    'mst_class_name',
    'school_year_name',
    'status',
    'is_submit',
    'is_test',
    'is_accepted',
    'is_internal',
    'created_at',
    'submitted_at',
    'parent_name',
    'parent_email',
    'parent_phone',
    'deleted_at',
    'possible_duplicate_count',
  ]
    .map((f) => `x.${f}`)
    .join(', ')}) z))`,
);

/**
 * Whether every filter of the query is a column of the running counts (`registrant_list_counts`); search,
 * registration dates, payment status and document state are not, and need the registrants themselves counted.
 */
export function countedBySummary(q: RegistrantAdminQuery) {
  return !q.search?.trim() && !q.date_from && !q.date_to && !q.payment_status && !q.document_state;
}

/**
 * Rows per state under the list's filters (the state filter left out) from the running counts: a few hundred
 * summary rows of the tenant at most, whatever the number of registrants. Only when `countedBySummary(q)`.
 */
function summaryCounts(db: Db, tenantId: number, q: RegistrantAdminQuery) {
  let b = db
    .selectFrom('registrant_list_counts as c')
    .select((eb) => ['c.status', eb.fn.sum<number>('c.registrants').as('n')])
    .where('c.tenant_id', '=', tenantId)
    .where('c.archived', '=', q.show_deleted === 'true');
  if (q.school_id) b = b.where('c.school_id', '=', q.school_id);
  if (q.school_year_id) b = b.where('c.school_year_id', '=', q.school_year_id);
  if (q.school_period_id) b = b.where('c.school_period_id', '=', q.school_period_id);
  if (q.mst_class_id) b = b.where('c.mst_class_id', '=', q.mst_class_id);
  if (q.is_submit) b = b.where('c.is_submit', '=', q.is_submit === 'true');
  if (q.is_test) b = b.where('c.is_test', '=', q.is_test === 'true');
  if (q.is_internal) b = b.where('c.is_internal', '=', q.is_internal === 'true');
  if (q.is_accepted === 'null') b = b.where('c.is_accepted', 'is', null);
  else if (q.is_accepted) b = b.where('c.is_accepted', '=', q.is_accepted === 'true');
  return b.groupBy('c.status').having((eb) => eb.fn.sum('c.registrants'), '>', 0);
}

/** Rows per state under the list's filters, the state filter itself left out, counted on the registrants. */
function scannedCounts(db: Db, tenantId: number, q: RegistrantAdminQuery) {
  return filteredRegistrants(db, tenantId, q, { withStatus: false })
    .select((eb) => ['r.status', eb.fn.countAll<number>().as('n')])
    .groupBy('r.status');
}

/** Counts per state already known (`{status: n}` as JSON text), read back as rows. */
function knownCounts(db: Db, countsJson: string) {
  return db
    .selectFrom(sql<{ key: string; value: string }>`json_each_text(${countsJson}::json)`.as('j'))
    .select([sql<string>`j.key`.as('status'), sql<number>`j.value::bigint`.as('n')]);
}

/**
 * Where the counts per state come from: the running counts, a count of the registrants (its result returned
 * beside the body, to be kept), or counts already known.
 */
export type CountsSource = { from: 'summary' } | { from: 'scan' } | { from: 'known'; countsJson: string };

/**
 * The whole answer of the staff list — page rows in order, total, page, limit and the counts per state (the
 * state filter left out) — as JSON text built by PostgreSQL in one statement, to be sent as is; `counts` is
 * the counts' JSON text alone, to keep counts that were scanned.
 *
 * The statement runs planned for a page (see executePagePlanned). Row-level security's school check is opaque
 * to the planner, which then expects a few dozen rows where a period holds thousands. From that guess it
 * sorts them all after a bitmap scan rather than walking the list's index in order and stopping after the
 * page, or it starts parallel workers for the walk (20-120 ms against 0.5 ms over 100,000 registrants: a
 * worker start costs more than the page). For this statement only, both are switched off.
 */
export async function listBody(
  c: TenantConn,
  q: RegistrantAdminQuery,
  page: number,
  limit: number,
  source: CountsSource,
) {
  const { tenantId } = c;
  const query = compiledList(JSON.stringify([tenantId, q, page, limit, source]), () =>
    listBodyQuery(c.db, tenantId, q, page, limit, source),
  );
  const [row] = await executePagePlanned(c, 'registrant_list_body', query);
  return row!;
}

const compiledList = compiledCache<{ body: string; counts: string }>();

function listBodyQuery(
  db: Db,
  tenantId: number,
  q: RegistrantAdminQuery,
  page: number,
  limit: number,
  source: CountsSource,
) {
  const counts =
    source.from === 'summary'
      ? summaryCounts(db, tenantId, q)
      : source.from === 'scan'
        ? scannedCounts(db, tenantId, q)
        : knownCounts(db, source.countsJson);
  const totalOf = q.status ? sql`WHERE status = ${q.status}` : sql``;
  // Written compactly, as the contract's serialiser did: PostgreSQL's JSON aggregates would add spaces.
  const countsJson = sql<string>`'{' || COALESCE(
    (SELECT string_agg(to_json(status)::text || ':' || n, ',') FROM status_counts), '') || '}'`;
  return db
    .with('page_rows', () => pageRows(db, tenantId, q, page, limit))
    .with('status_counts', () => counts)
    .selectNoFrom([
      sql<string>`'{"success":true,"data":'
        || COALESCE((SELECT '[' || string_agg(${rowJson}::text, ',' ORDER BY x.n) || ']' FROM page_rows x), '[]')
        || ',"total":' || (SELECT COALESCE(sum(n), 0) FROM status_counts ${totalOf})
        || ',"page":' || ${sql.lit(page)} || ',"limit":' || ${sql.lit(limit)}
        || ',"counts":' || ${countsJson} || '}'`.as('body'),
      countsJson.as('counts'),
    ]);
}

/** The parent account, voucher code and withdrawal facts of a registrant (archived ones too). */
export function information(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('registrants as r')
    .innerJoin('users as u', (j) =>
      j.onRef('u.tenant_id', '=', 'r.tenant_id').onRef('u.id', '=', 'r.user_id'),
    )
    .leftJoin('mst_tokens as t', (j) =>
      j.onRef('t.tenant_id', '=', 'r.tenant_id').onRef('t.id', '=', 'r.token_id'),
    )
    .innerJoin('mst_classes as k', (j) =>
      j.onRef('k.tenant_id', '=', 'r.tenant_id').onRef('k.id', '=', 'r.mst_class_id'),
    )
    .select([
      'r.id',
      'r.registration_number',
      'r.name',
      'k.name as mst_class_name',
      'r.status',
      'r.status_note',
      'r.deleted_at',
      'r.withdraw_reason',
      'u.id as parent_id',
      'u.name as parent_name',
      'u.email as parent_email',
      'u.phone_number as parent_phone',
      'u.account_pending as parent_account_pending',
      't.token',
    ])
    .where('r.tenant_id', '=', tenantId)
    .where('r.id', '=', id)
    .executeTakeFirst();
}

/** Every state change and every audited change of the registrant, oldest first, with who made it. */
export async function activity(db: Db, tenantId: number, id: number) {
  const status = await db
    .selectFrom('registrant_status_history as h')
    .leftJoin('users as u', (j) => j.onRef('u.tenant_id', '=', 'h.tenant_id').onRef('u.id', '=', 'h.user_id'))
    .select([
      'h.created_at as at',
      'h.action',
      'h.from_status',
      'h.to_status',
      'h.reason',
      'h.detail',
      'u.name as user_name',
    ])
    .where('h.tenant_id', '=', tenantId)
    .where('h.registrant_id', '=', id)
    .orderBy('h.id')
    .execute();
  const audit = await db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', (j) => j.onRef('u.tenant_id', '=', 'a.tenant_id').onRef('u.id', '=', 'a.user_id'))
    .select(['a.at', 'a.action', 'a.before', 'a.after', 'u.name as user_name'])
    .where('a.tenant_id', '=', tenantId)
    .where('a.resource', '=', 'registrants')
    .where('a.record_id', '=', id)
    .orderBy('a.id')
    .execute();
  return { status, audit };
}

/** Archives or restores (soft delete); the class quota's stored count follows. */
export async function setArchived(db: Db, tenantId: number, id: number, archived: boolean) {
  await db
    .updateTable('registrants')
    .set((eb) => ({ deleted_at: archived ? eb.fn('now') : null, updated_at: eb.fn('now') }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** A live period of a school with its year. */
export function periodOf(db: Db, tenantId: number, periodId: number) {
  return db
    .selectFrom('school_periods')
    .select(['id', 'school_id', 'school_year_id'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', periodId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function moveRegistrant(
  db: Db,
  tenantId: number,
  id: number,
  to: { school_period_id: number; mst_class_id: number; school_year_id: number },
) {
  await db
    .updateTable('registrants')
    .set((eb) => ({ ...to, updated_at: eb.fn('now') }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}
