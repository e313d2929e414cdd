import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from './content-disposition';
import { sendRaw } from './raw-reply';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A spreadsheet of rows already in memory (a computed report of at most a few thousand lines, e.g. the
 * reconciliation), sent as a download. Lists read from the database stream through `streamQueryExport`.
 */
export async function sendRowsExport(
  reply: FastifyReply,
  e: { fileName: string; sheetName: string; columns: string[]; rows: unknown[][] },
) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(e.sheetName.slice(0, 31));
  sheet.addRow(e.columns).font = { bold: true };
  for (const r of e.rows) sheet.addRow(r);
  const file = Buffer.from(await workbook.xlsx.writeBuffer());
  return sendRaw(
    reply,
    { 'content-type': XLSX, 'content-disposition': contentDisposition(`${e.fileName}.xlsx`) },
    file,
  );
}
