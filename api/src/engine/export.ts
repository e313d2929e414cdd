import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ROLE_DISPLAY_NAMES } from '@psb/contracts';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Pool, PoolClient } from '../db/pool';
import type { Replica } from '../db/replica';
import { withTenant } from '../db/tenant-db';
import { contentDisposition } from '../lib/content-disposition';
import { HttpError } from '../lib/http-error';
import { type CompiledColumn, type CompiledResource, joinsFor } from './compile';
import { type ListQuery, orderOf, Params, whereOf } from './query';

/** Rows fetched from the cursor per round-trip: small enough to keep memory flat, big enough to be fast. */
const BATCH = 2000;

/** txt: tab-separated lines for accounting systems that import plain text (no quoting, no BOM). */
export type ExportFormat = 'xlsx' | 'csv' | 'txt';

const sqlText = (s: string) => `'${s.replaceAll("'", "''")}'`;

/** Export value of a column, formatted by PostgreSQL (booleans Ya/Tidak, datetimes in WIB). */
function exportExpr(col: CompiledColumn): string {
  const value = formattedExpr(col);
  return col.decl.emptyLabel ? `COALESCE(${value}::text, ${sqlText(col.decl.emptyLabel)})` : value;
}

function formattedExpr(col: CompiledColumn): string {
  switch (col.decl.format) {
    case 'boolean':
      return `CASE WHEN ${col.expr} THEN 'Ya' WHEN ${col.expr} IS NULL THEN NULL ELSE 'Tidak' END`;
    case 'datetime':
      return `to_char(${col.expr} AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD HH24:MI')`;
    case 'date':
      return `to_char(${col.expr}, 'YYYY-MM-DD')`;
    case 'role':
      // Staff read the built-in roles by their Indonesian names, in the file as on the screen.
      return `CASE ${col.expr} ${Object.entries(ROLE_DISPLAY_NAMES)
        .map(([key, name]) => `WHEN ${sqlText(key)} THEN ${sqlText(name)}`)
        .join(' ')} ELSE ${col.expr} END`;
    case 'basis_points':
      // As on screen: 250 → 2,5%.
      return `replace(trim_scale(${col.expr} / 100.0)::text, '.', ',') || '%'`;
    case 'list': {
      // One value or an array, each written by its declared label, joined like the list page shows them.
      const json = `to_jsonb(${col.expr})`;
      const labels = (col.decl.options ?? [])
        .map((o) => `WHEN ${sqlText(o.value)} THEN ${sqlText(o.label)}`)
        .join(' ');
      const label = labels ? `CASE v ${labels} ELSE v END` : 'v';
      return `(SELECT string_agg(${label}, ', ' ORDER BY n) FROM jsonb_array_elements_text(
        CASE jsonb_typeof(${json}) WHEN 'array' THEN ${json} WHEN 'null' THEN '[]'::jsonb ELSE jsonb_build_array(${json}) END
      ) WITH ORDINALITY AS x(v, n))`;
    }
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

/** A property exceljs's types do not declare (its 4.4 internals), read without trusting its shape. */
const field = (v: unknown, key: string): unknown =>
  typeof v === 'object' && v !== null ? Reflect.get(v, key) : undefined;
const queued = (state: unknown) => {
  const n = field(state, 'length');
  return typeof n === 'number' ? n : 0;
};

/**
 * Bytes queued between the worksheet stream and the compressor (exceljs 4.4 internals: the worksheet's
 * StreamBuf pipes into archiver's input stream). 0 when the layout is not the expected one.
 */
function zipBacklog(sheet: ExcelJS.Worksheet): number {
  const pipes = field(field(sheet, 'stream'), 'pipes');
  const input: unknown = Array.isArray(pipes) ? pipes[0] : undefined;
  return queued(field(input, '_readableState')) + queued(field(input, '_writableState'));
}

/** The worksheet's own output stream (exceljs 4.4 internals), where its rows' XML goes. */
function sheetStream(sheet: ExcelJS.Worksheet): { write(text: string): unknown } {
  const stream = field(sheet, 'stream');
  const write = field(stream, 'write');
  if (typeof write !== 'function') throw new Error('exceljs worksheet has no stream: its internals changed');
  return { write: (text: string) => Reflect.apply(write, stream, [text]) };
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

/** A tab-separated cell: tabs and line breaks inside a value would split it, so they become spaces. */
const txtCell = (v: unknown): string =>
  v === null || v === undefined ? '' : String(v).replace(/[\t\r\n]+/g, ' ');

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

export interface ExportResources {
  /** Connections for exports only, so a long export never takes one from the request pool. */
  pool: Pool;
  /** Exports allowed to wait for a connection of `pool`; beyond that the request gets a 503 at once. */
  maxWaiting: number;
  /** The streaming replica, for exports that may read a moment behind (QueryExport.replica). */
  replica?: Replica | null;
}

const BUSY = 'Terlalu banyak unduhan sedang disiapkan. Silakan coba lagi sebentar lagi.';

/** Rows per round-trip when PostgreSQL writes the lines: ~100 KB of text, one Buffer per batch. */
const LINE_BATCH = 1000;

/**
 * txt whose lines PostgreSQL wrote (cursor `export_rows`, one text column per row, without line end): each
 * batch becomes one Buffer, written once the previous one is on its way. Per row only the driver's string is
 * made, so a journal of 400,000 lines leaves little garbage behind and memory stays flat.
 */
async function copyLines(client: PoolClient, out: Writable, header: string) {
  out.write(Buffer.from(header));
  for (;;) {
    const { rows } = await client.query<[string]>({
      text: `FETCH ${LINE_BATCH} FROM export_rows`,
      rowMode: 'array',
    });
    if (rows.length > 0) {
      let text = '';
      for (const r of rows) text += `${r[0]}\r\n`;
      out.write(Buffer.from(text));
    }
    const last = rows.length < LINE_BATCH;
    rows.length = 0;
    await drained(out);
    if (last || out.destroyed) return;
  }
}

/**
 * What stands for the row number in sheet rows PostgreSQL wrote: U+0001, a control character no cell of an
 * xlsx can hold (exceljs drops it from text, and so must the query).
 */
const SHEET_ROW_NUMBER = '\u0001';

/**
 * xlsx whose rows PostgreSQL wrote (cursor `export_rows`, one text column per row: the row's `<c>` cells, the
 * row number written as SHEET_ROW_NUMBER): each batch goes into the worksheet's zip entry as one string, after
 * exceljs wrote the sheet's start and its header row. Per row only the driver's string and its numbered copy
 * are made, where exceljs makes a row, its cells and their models: a season's sheet no longer leaves ~100 MB
 * of garbage behind.
 */
async function copySheetRows(client: PoolClient, sheet: ExcelJS.Worksheet, out: Writable) {
  const stream = sheetStream(sheet);
  let rowNumber = 1;
  for (;;) {
    const { rows } = await client.query<[string]>({
      text: `FETCH ${LINE_BATCH} FROM export_rows`,
      rowMode: 'array',
    });
    let xml = '';
    for (const r of rows) {
      rowNumber += 1;
      xml += `<row r="${rowNumber}">${r[0].replaceAll(SHEET_ROW_NUMBER, String(rowNumber))}</row>`;
    }
    if (xml) stream.write(xml);
    const last = rows.length < LINE_BATCH;
    rows.length = 0;
    while (zipBacklog(sheet) > MAX_BACKLOG && !out.destroyed) await new Promise((r) => setTimeout(r, 2));
    await drained(out);
    if (last || out.destroyed) return;
  }
}

/**
 * Writes the export into `out`: a read-only transaction with a server-side cursor (FETCH BATCH rows at a
 * time) feeding exceljs's streaming WorkbookWriter (each row committed as it is written) or a CSV writer.
 * Headers are the column labels. Memory is bounded by one batch plus the stream buffers, whatever the number
 * of rows. Resolves once `out` has flushed everything.
 */
async function writeExport(
  client: PoolClient,
  out: Writable,
  sheetName: string,
  labels: string[],
  query: { sql: string; values: unknown[]; lines?: boolean },
  format: ExportFormat,
  planner: Readonly<Record<string, string>> = {},
) {
  await client.query('BEGIN READ ONLY');
  try {
    for (const [key, value] of Object.entries(planner))
      await client.query('SELECT set_config($1, $2, true)', [key, value]);
    await client.query({
      text: `DECLARE export_rows NO SCROLL CURSOR FOR ${query.sql}`,
      values: query.values,
    });
    if (format === 'txt' && query.lines) {
      await copyLines(client, out, `${labels.map(txtCell).join('\t')}\r\n`);
      await client.query('CLOSE export_rows');
      await client.query('COMMIT');
      out.end();
      await finished(out);
      return;
    }
    let writeRow: (values: unknown[]) => void;
    let backlog = () => 0;
    let finish: () => Promise<void>;
    if (format === 'xlsx') {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: out,
        useStyles: false,
        useSharedStrings: false,
      });
      const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
      sheet.addRow(labels).commit();
      if (query.lines) {
        await copySheetRows(client, sheet, out);
        await client.query('CLOSE export_rows');
        await client.query('COMMIT');
        sheet.commit();
        await workbook.commit();
        await finished(out);
        return;
      }
      writeRow = (values) => sheet.addRow(values).commit();
      // exceljs writes committed rows into the zip entry without waiting for the compressor: unchecked, the
      // whole sheet piles up in memory ahead of it (~200 bytes a row). Wait for that queue between batches.
      backlog = () => zipBacklog(sheet);
      finish = async () => {
        sheet.commit();
        await workbook.commit();
      };
    } else if (format === 'txt') {
      out.write(`${labels.map(txtCell).join('\t')}\r\n`);
      writeRow = (values) => out.write(`${values.map(txtCell).join('\t')}\r\n`);
      finish = async () => {
        out.end();
      };
    } else {
      // BOM: spreadsheet programs then read the file as UTF-8.
      out.write(`\ufeff${labels.map(csvCell).join(',')}\r\n`);
      writeRow = (values) => out.write(`${values.map(csvCell).join(',')}\r\n`);
      finish = async () => {
        out.end();
      };
    }
    for (;;) {
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
    await finish();
    await finished(out);
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  }
}

/**
 * Builds the export into a temporary file on a connection of the export pool, then sends the file. The
 * database connection is held only while PostgreSQL and the writer work (disk speed), never while a slow
 * phone downloads; the file is removed once the response is done or abandoned. When every export
 * connection is busy, a bounded number of exports wait their turn and the rest get a 503.
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
  return streamQueryExport(req, reply, {
    sheetName: c.decl.label,
    labels: cols.map((col) => col.decl.label),
    sql,
    values: p.values,
    fileName: c.decl.exportFileName,
    format,
  });
}

export interface QueryExport {
  sheetName: string;
  labels: string[];
  /** One row per line, its columns in the order of `labels`, already formatted for the file. */
  sql: string;
  values: unknown[];
  /** Without the extension. */
  fileName: string;
  format: ExportFormat;
  /** Planner settings for this export's transaction only (e.g. hash joins for a whole-tenant report). */
  planner?: Readonly<Record<string, string>>;
  /**
   * `sql` gives each row already written by PostgreSQL as its one column, passed through in batches instead of
   * formatted row by row here. txt: the whole line (tab-separated cells, no line end); xlsx: the row's cells
   * (`<c r="A…">` elements as exceljs writes them, U+0001 in place of the row number).
   */
  lines?: boolean;
  /** Read from the replica when one is usable (reports, big lists: nothing the caller just wrote). */
  replica?: boolean;
}

/** The same spooled export for any query (hand-written staff screens' exports). */
export async function streamQueryExport(req: FastifyRequest, reply: FastifyReply, e: QueryExport) {
  const { exports } = req.server.ctx;
  const pool = e.replica && (await exports.replica?.usable()) ? exports.replica!.exportPool : exports.pool;
  if (pool.waitingCount >= exports.maxWaiting)
    throw new HttpError(503, BUSY, undefined, { 'retry-after': '5' });
  const { format } = e;
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'psb-export-'));
  const removeDir = () => void fs.promises.rm(dir, { recursive: true, force: true }).catch(() => {});
  const file = path.join(dir, `export.${format}`);
  try {
    const out = fs.createWriteStream(file, { highWaterMark: 256 * 1024 });
    try {
      // Bound to the caller's schools exactly like req.db: this pool is only a different queue.
      await withTenant(
        pool,
        req.tenant.id,
        ({ client }) =>
          writeExport(
            client,
            out,
            e.sheetName,
            e.labels,
            { sql: e.sql, values: e.values, lines: e.lines },
            format,
            e.planner,
          ),
        req.auth?.schools ?? null,
      );
    } finally {
      out.destroy();
    }
  } catch (err) {
    removeDir();
    throw err;
  }
  const { size } = await fs.promises.stat(file);
  const body = fs.createReadStream(file);
  body.on('close', removeDir);
  const fileName = `${e.fileName}.${format}`;
  return reply
    .header('content-disposition', contentDisposition(fileName))
    .header('cache-control', 'no-store')
    .header('content-length', size)
    .type(
      format === 'xlsx'
        ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
        : format === 'txt'
          ? 'text/plain; charset=utf-8'
          : 'text/csv; charset=utf-8',
    )
    .send(body);
}
