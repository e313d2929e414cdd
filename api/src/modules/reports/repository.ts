import { REPORTS, type ReportName } from '@psb/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/kysely';
import type { TenantConn } from '../../db/tenant-db';
import type { ReportFilters } from './bill-scope';
import { journalSql, journalSummarySql } from './journal';
import { REPORT_QUERIES, type ReportQuery } from './queries';

/** Rows a report shows on screen; the download has them all. */
export const SCREEN_ROWS = 2000;

/** A report cell as the screen and the file get it. */
type Cell = string | number | null;

/**
 * The one way a report is read: its query as a derived table `q`, and its declared columns in the declared
 * order (the screen, the download and the totals all see exactly the same rows).
 */
function report(db: Db, name: ReportName, f: ReportFilters, tenantId: number, query?: ReportQuery) {
  const decl = REPORTS[name];
  const q = query ?? REPORT_QUERIES[name](f, tenantId);
  return {
    from: db.selectFrom(sql`(${q.sql})`.as('q')),
    columns: decl.columns.map((c) => sql<Cell>`${sql.ref(`q.${c.key}`)}`.as(c.key)),
    order: q.order,
  };
}

/**
 * The txt download with its lines written by PostgreSQL, one text column per row: the declared columns
 * tab-separated, an empty cell for nothing, tabs and line breaks inside a value made one space (a value cannot
 * split its line), numbers as their decimal text — byte for byte what writing the rows one by one gave, without
 * a string per cell in the api (a journal has 400,000 lines).
 */
export function exportLinesQuery(db: Db, name: ReportName, f: ReportFilters, tenantId: number) {
  const r = report(db, name, f, tenantId);
  const cells = REPORTS[name].columns.map((c) => {
    const value = sql`${sql.ref(`q.${c.key}`)}::text`;
    return c.format === 'money' || c.format === 'number'
      ? sql`coalesce(${value}, '')`
      : sql`coalesce(regexp_replace(${value}, ${sql.lit('[\t\r\n]+')}, ' ', 'g'), '')`;
  });
  return r.from
    .select(sql<string>`concat_ws(${sql.lit('\t')}, ${sql.join(cells)})`.as('line'))
    .orderBy(sql`${r.order}`)
    .compile();
}

/** Stands for the row number in a sheet row PostgreSQL writes; the export puts the number in (U+0001). */
const ROW_NUMBER = '\u0001';
/** Characters exceljs drops from text: XML 1.0 cannot hold them (U+0001, the row number's stand-in, among them). */
const NOT_IN_XML = Array.from({ length: 31 }, (_, i) => String.fromCharCode(i + 1))
  .filter((ch) => !'\t\n\r'.includes(ch))
  .concat('\u007f')
  .join('');

/** A sheet's column letters from a zero-based index: A … Z, AA, AB, … */
const columnLetter = (index: number): string =>
  (index >= 26 ? columnLetter(Math.floor(index / 26) - 1) : '') + String.fromCharCode(65 + (index % 26));

/**
 * The xlsx download with its rows written by PostgreSQL, one text column per row: the row's cells as exceljs
 * writes them (text `t="str"` with &, <, >, " and ' escaped and the characters XML cannot hold dropped,
 * numbers as their decimal text, no cell for nothing), ROW_NUMBER in place of the row number — so the api
 * makes a string per row instead of exceljs's row, cells and models, and a season's sheet leaves no heap of
 * garbage behind. `xlsx-lines.test.ts` reads the file back with exceljs.
 */
export function exportSheetRowsQuery(db: Db, name: ReportName, f: ReportFilters, tenantId: number) {
  const r = report(db, name, f, tenantId);
  const cells = REPORTS[name].columns.map((c, i) => {
    const ref = `${columnLetter(i)}${ROW_NUMBER}`;
    const value = sql`${sql.ref(`q.${c.key}`)}::text`;
    if (c.format === 'money' || c.format === 'number' || c.format === 'percent')
      return sql`'<c r="' || ${ref} || '"><v>' || ${value} || '</v></c>'`;
    const text = sql`replace(replace(replace(replace(replace(translate(${value}, ${NOT_IN_XML}, ''),
      '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), ${sql.lit("'")}, '&apos;')`;
    return sql`'<c r="' || ${ref} || '" t="str"><v>' || ${text} || '</v></c>'`;
  });
  return r.from
    .select(sql<string>`concat(${sql.join(cells)})`.as('line'))
    .orderBy(sql`${r.order}`)
    .compile();
}

/**
 * Planner settings of a report query (transaction-local). A report reads a whole tenant's bills, and the
 * row-level-security policies hide every column's statistics behind a function, so the planner expects a
 * handful of rows and walks 100,000 of them through nested index lookups; hash joins are what such a scan
 * needs (4.5 s → 1.8 s for 100,000 bills on a busy machine). Their sorts and hashes of a season's bills,
 * installments and journal lines fit in 32 MB instead of spilling to disk.
 */
export const REPORT_PLANNER = { enable_nestloop: 'off', work_mem: '32MB' } as const;

/**
 * The screen: the first rows, and the totals and row count over every row, in one pass over the report's query
 * (window sums over the whole result, taken before the LIMIT; call inside a transaction).
 */
export async function readReport(c: TenantConn, name: ReportName, f: ReportFilters) {
  const decl = REPORTS[name];
  for (const [key, value] of Object.entries(REPORT_PLANNER))
    await sql`SELECT set_config(${key}, ${value}, true)`.execute(c.db);
  if (name === 'accounting_journal') return readJournal(c, f);
  const r = report(c.db, name, f, c.tenantId);
  const summed = decl.columns.filter((col) => col.total).map((col) => col.key);
  const windows = summed.map((key) =>
    sql<number>`coalesce(sum(${sql.ref(`q.${key}`)}) OVER (), 0)::float8`.as(`__total_${key}`),
  );
  const page = await r.from
    .select([...r.columns, sql<number>`count(*) OVER ()::int`.as('__rows'), ...windows])
    .orderBy(sql`${r.order}`)
    .limit(SCREEN_ROWS)
    .execute();
  const first = page[0];
  const totals = Object.fromEntries(summed.map((key) => [key, Number(first?.[`__total_${key}`] ?? 0)]));
  const rowCount = Number(first?.__rows ?? 0);
  const declared = decl.columns.map((col) => col.key);
  const rows = page.map((row) => Object.fromEntries(declared.map((key) => [key, row[key] ?? null])));
  return { rows, totals, row_count: rowCount, truncated: rowCount > rows.length };
}

/**
 * The journal's screen in two reads, as whole-journal windows would write every line of a season (900,000 for
 * 330,000 payments) only to show 2,000: one pass over the paid installments gives the count, the totals
 * (summed per bill and installment amount without writing lines) and the first installments; then the lines of those alone,
 * looked up by key (nested index lookups are right for 2,000 installments, so the report's hash-join setting
 * is lifted for this read).
 */
async function readJournal(c: TenantConn, f: ReportFilters) {
  const decl = REPORTS.accounting_journal;
  const { rows: sums } = await journalSummarySql(f, c.tenantId, SCREEN_ROWS).execute(c.db);
  const summary = sums[0] ?? { rows: 0, debit: 0, credit: 0, first_ids: null };
  const first = summary.first_ids ?? [];
  let page: Record<string, Cell>[] = [];
  if (first.length > 0) {
    await sql`SELECT set_config('enable_nestloop', 'on', true)`.execute(c.db);
    const r = report(c.db, 'accounting_journal', f, c.tenantId, journalSql(f, c.tenantId, first));
    page = await r.from.select(r.columns).orderBy(sql`${r.order}`).limit(SCREEN_ROWS).execute();
  }
  const declared = decl.columns.map((col) => col.key);
  const rows = page.map((row) => Object.fromEntries(declared.map((key) => [key, row[key] ?? null])));
  const rowCount = Number(summary.rows);
  return {
    rows,
    totals: { debit: Number(summary.debit), credit: Number(summary.credit) },
    row_count: rowCount,
    truncated: rowCount > rows.length,
  };
}
