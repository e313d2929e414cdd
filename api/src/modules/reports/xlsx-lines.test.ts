import { REPORT_NAMES, REPORTS, type ReportName } from '@psb/contracts';
import ExcelJS from 'exceljs';
import { appPerFile } from '../../../test/app-per-file';
import { api, call } from '../../../test/helpers';
import { generateSeason } from '../../db/season';

jest.setTimeout(180_000);

// The xlsx rows are written by PostgreSQL as sheet XML: read back with exceljs, every report's file must hold
// exactly the screen's rows, text as text and numbers as numbers, nothing as an empty cell.
const t = appPerFile({ dashboardCacheMs: 0 });

beforeAll(async () => {
  await generateSeason(t.ownerPool, { registrants: 60, seed: 5 });
  // Text an XML writer must escape, and characters XML cannot hold (exceljs drops them).
  await t.ownerPool.query(
    `UPDATE registrants SET name = $1 WHERE id = (SELECT h.registrant_id FROM registrant_header_payments h
       WHERE h.state = 'paid' ORDER BY h.id LIMIT 1)`,
    ['Budi <&> "Santoso" \'Jr\'\u0001\u0007\u001f\u007f\ttab'],
  );
});

type Cell = string | number | null;

async function sheetRows(name: ReportName) {
  const res = await t.app.inject({
    method: 'GET',
    url: api(`/report/${name}/export?format=xlsx`),
    headers: { authorization: `Bearer ${t.admin}` },
  });
  expect(res.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(new Uint8Array(res.rawPayload).buffer);
  const sheet = book.worksheets[0]!;
  expect(sheet.name).toBe(REPORTS[name].title.slice(0, 31));
  const width = REPORTS[name].columns.length;
  const rows: Cell[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    rows.push(Array.from({ length: width }, (_, i) => (row.getCell(i + 1).value as Cell) ?? null));
  });
  return rows;
}

describe('report xlsx written by PostgreSQL', () => {
  it.each(REPORT_NAMES.filter((n) => (REPORTS[n].formats as readonly string[]).includes('xlsx')))(
    'holds the screen’s rows (%s)',
    async (name) => {
      const screen = await call(t.app, { method: 'GET', url: api(`/report/${name}`), token: t.admin });
      expect(screen.status).toBe(200);
      const data = screen.body.data as { rows: Record<string, Cell>[]; truncated: boolean };
      expect(data.truncated).toBe(false);
      const columns = REPORTS[name].columns;
      const expected = [
        columns.map((c) => c.label),
        // As exceljs writes and reads a value: the characters XML cannot hold dropped, empty text read as nothing.
        ...data.rows.map((r) =>
          columns.map((c) => {
            const v = r[c.key] ?? null;
            if (typeof v !== 'string') return v;
            // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML cannot hold
            const text = v.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
            return text === '' ? null : text;
          }),
        ),
      ];
      expect(await sheetRows(name)).toEqual(expected);
    },
  );

  it('escapes what XML must escape', async () => {
    const rows = await sheetRows('registrant_payment_report');
    expect(rows.flat()).toContain('Budi <&> "Santoso" \'Jr\'\ttab');
  });
});
