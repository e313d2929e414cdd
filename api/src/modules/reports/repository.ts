import { REPORTS, type ReportName } from '@psb/contracts';
import type { TenantConn } from '../../db/tenant-db';
import { Params } from '../../engine';
import type { ReportFilters } from './bill-scope';
import { REPORT_QUERIES } from './queries';

/** Rows a report shows on screen; the download has them all. */
export const SCREEN_ROWS = 2000;

const ident = (key: string) => `"${key.replaceAll('"', '""')}"`;

/**
 * The one way a report is read: its query wrapped so that only the declared columns come out, in the declared
 * order (the screen, the download and the totals all see exactly the same rows).
 */
export function reportSql(name: ReportName, f: ReportFilters, tenantId: number) {
  const decl = REPORTS[name];
  const p = new Params(tenantId);
  const q = REPORT_QUERIES[name](f, p);
  const columns = decl.columns.map((c) => ident(c.key)).join(', ');
  return { inner: q.sql, order: q.order, columns, values: p.values };
}

/** The download: every row, declared columns only. */
export function exportSql(name: ReportName, f: ReportFilters, tenantId: number) {
  const s = reportSql(name, f, tenantId);
  return { sql: `SELECT ${s.columns} FROM (${s.inner}) q ORDER BY ${s.order}`, values: s.values };
}

/**
 * Planner settings of a report query (transaction-local). A report reads a whole tenant's bills, and the
 * row-level-security policies hide every column's statistics behind a function, so the planner expects a
 * handful of rows and walks 100,000 of them through nested index lookups; hash joins are what such a scan
 * needs (4.5 s → 1.8 s for 100,000 bills on a busy machine).
 */
export const REPORT_PLANNER = { enable_nestloop: 'off' } as const;

/** The screen: the first rows, and the totals and row count over every row (call inside a transaction). */
export async function readReport(c: TenantConn, name: ReportName, f: ReportFilters) {
  const decl = REPORTS[name];
  const s = reportSql(name, f, c.tenantId);
  for (const [key, value] of Object.entries(REPORT_PLANNER))
    await c.client.query('SELECT set_config($1, $2, true)', [key, value]);
  const totalCols = decl.columns.filter((col) => col.total);
  const sums = totalCols.map((col) => `coalesce(sum(${ident(col.key)}), 0)::float8 AS ${ident(col.key)}`);
  const { rows: totalRows } = await c.client.query<Record<string, number>>({
    text: `SELECT count(*)::int AS __rows${sums.map((x) => `, ${x}`).join('')} FROM (${s.inner}) q`,
    values: s.values,
  });
  const { __rows: rowCount, ...totals } = totalRows[0] ?? { __rows: 0 };
  const { rows } = await c.client.query<Record<string, string | number | null>>({
    text: `SELECT ${s.columns} FROM (${s.inner}) q ORDER BY ${s.order} LIMIT ${SCREEN_ROWS}`,
    values: s.values,
  });
  return { rows, totals, row_count: rowCount ?? 0, truncated: (rowCount ?? 0) > rows.length };
}
