import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CompiledColumn, type CompiledResource, joinsFor } from './compile';
import { type ListQuery, orderOf, Params, whereOf } from './query';

/** Rows fetched from the cursor per round-trip: small enough to keep memory flat, big enough to be fast. */
const BATCH = 2000;

export type ExportFormat = 'xlsx' | 'csv';

/** Export value of a column, formatted by PostgreSQL (booleans Ya/Tidak, datetimes in WIB). */
function exportExpr(col: CompiledColumn): string {
  switch (col.decl.format) {
    case 'boolean':
      return `CASE WHEN ${col.expr} THEN 'Ya' WHEN ${col.expr} IS NULL THEN NULL ELSE 'Tidak' END`;
    case 'datetime':
      return `to_char(${col.expr} AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD HH24:MI')`;
    case 'date':
      return `to_char(${col.expr}, 'YYYY-MM-DD')`;
    default:
      return col.expr;
  }
}

export function exportSql(c: CompiledResource, q: ListQuery, p: Params) {
  const cols = c.columns.filter((col) => col.decl.export !== false);
  const where = whereOf(c, q, p);
  const order = orderOf(c, q);
  const joins = joinsFor(c, [...where.joins, ...order.joins, ...cols.flatMap((col) => col.joins)]);
  return {
    cols,
    sql: `SELECT ${cols.map(exportExpr).join(', ')} FROM ${c.table} t ${joins} WHERE ${where.sql} ORDER BY ${order.sql}`,
  };
}

/** Bytes of sheet XML waiting for the zip compressor before the next batch is fetched. */
const MAX_BACKLOG = 1024 * 1024;

interface StreamState {
  length?: number;
}
/**
 * Bytes queued between the worksheet stream and the compressor (exceljs 4.4 internals: the worksheet's
 * StreamBuf pipes into archiver's input stream). 0 when the layout is not the expected one.
 */
function zipBacklog(sheet: ExcelJS.Worksheet): number {
  const input = (
    sheet as unknown as {
      stream?: { pipes?: { _readableState?: StreamState; _writableState?: StreamState }[] };
    }
  ).stream?.pipes?.[0];
  return (input?._readableState?.length ?? 0) + (input?._writableState?.length ?? 0);
}

/** Text a spreadsheet program would run as a formula when it opens the file (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

const csvCell = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  let s = String(v);
  // Typed text (a name, a note) must stay text: a leading apostrophe keeps "=HYPERLINK(…)" from running.
  if (typeof v === 'string' && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n;]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/** Waits while the consumer is behind, so a slow download never piles rows up in memory. */
async function drained(out: Writable) {
  if (!out.writableNeedDrain || out.destroyed) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replaceAll('"', "'");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Streams the export: a read-only transaction with a server-side cursor (FETCH BATCH rows at a time) feeding
 * exceljs's streaming WorkbookWriter (each row committed as it is written) or a CSV writer. Headers are the
 * column labels. Memory is bounded by one batch plus the stream buffers, whatever the number of rows.
 */
export async function streamExport(
  req: FastifyRequest,
  reply: FastifyReply,
  c: CompiledResource,
  q: ListQuery,
  format: ExportFormat,
) {
  const p = new Params(req.tenant.id);
  const { cols, sql } = exportSql(c, q, p);
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  const fileName = `${c.decl.exportFileName}.${format}`;
  reply
    .header('content-disposition', contentDisposition(fileName))
    .header('cache-control', 'no-store')
    .type(
      format === 'xlsx'
        ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
        : 'text/csv; charset=utf-8',
    );

  const run = req.db(async ({ client }) => {
    await client.query('BEGIN READ ONLY');
    try {
      await client.query({ text: `DECLARE export_rows NO SCROLL CURSOR FOR ${sql}`, values: p.values });
      let writeRow: (values: unknown[]) => void;
      let backlog = () => 0;
      let finish: () => Promise<void>;
      if (format === 'xlsx') {
        const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
          stream: out,
          useStyles: false,
          useSharedStrings: false,
        });
        const sheet = workbook.addWorksheet(c.decl.label.slice(0, 31));
        sheet.addRow(cols.map((col) => col.decl.label)).commit();
        writeRow = (values) => sheet.addRow(values).commit();
        // exceljs writes committed rows into the zip entry without waiting for the compressor: unchecked, the
        // whole sheet piles up in memory ahead of it (~200 bytes a row). Wait for that queue between batches.
        backlog = () => zipBacklog(sheet);
        finish = async () => {
          sheet.commit();
          await workbook.commit();
        };
      } else {
        // BOM: spreadsheet programs then read the file as UTF-8.
        out.write(`\ufeff${cols.map((col) => csvCell(col.decl.label)).join(',')}\r\n`);
        writeRow = (values) => out.write(`${values.map(csvCell).join(',')}\r\n`);
        finish = async () => {
          out.end();
        };
      }
      for (;;) {
        if (out.destroyed) break; // the client went away
        const { rows } = await client.query<unknown[]>({
          text: `FETCH ${BATCH} FROM export_rows`,
          rowMode: 'array',
        });
        for (const r of rows) writeRow(r);
        while (backlog() > MAX_BACKLOG && !out.destroyed) await new Promise((r) => setTimeout(r, 2));
        await drained(out);
        if (rows.length < BATCH) break;
      }
      await client.query('CLOSE export_rows');
      await client.query('COMMIT');
      if (!out.destroyed) await finish();
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    }
  });
  run.catch((err) => {
    req.log.error({ err }, 'export failed');
    out.destroy(err as Error);
  });
  return reply.send(out);
}
