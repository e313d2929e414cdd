import { LEGGER_MAX_ROWS, LEGGER_MSG, type LeggerError } from '@psb/contracts';
import ExcelJS from 'exceljs';
import type { ScoreRow } from './repository';

export const NUMBER_HEADING = 'No. Pendaftaran';
const NAME_HEADING = 'Nama Calon Murid';
const SHEET = 'Legger';

export interface LeggerSheet {
  title: string;
  subjects: readonly { id: number; name: string }[];
  registrants: readonly {
    registration_number: string;
    name: string | null;
    scores: Record<string, number>;
  }[];
}

/** The legger as a spreadsheet: one row per registrant, one column per subject, scores 0–100 checked by Excel. */
export async function writeLegger(sheet: LeggerSheet): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(SHEET, { views: [{ state: 'frozen', xSplit: 2, ySplit: 1 }] });
  ws.columns = [
    { header: NUMBER_HEADING, width: 22 },
    { header: NAME_HEADING, width: 32 },
    ...sheet.subjects.map((s) => ({ header: s.name, width: Math.max(12, Math.min(30, s.name.length + 2)) })),
  ];
  ws.getRow(1).font = { bold: true };
  for (const r of sheet.registrants)
    ws.addRow([
      r.registration_number,
      r.name ?? '',
      ...sheet.subjects.map((s) => r.scores[String(s.id)] ?? null),
    ]);
  const last = Math.max(2, sheet.registrants.length + 1);
  for (let c = 3; c <= sheet.subjects.length + 2; c++)
    for (let row = 2; row <= last; row++)
      ws.getCell(row, c).dataValidation = {
        type: 'decimal',
        operator: 'between',
        formulae: [0, 100],
        allowBlank: true,
        showErrorMessage: true,
        error: LEGGER_MSG.score,
      };
  book.title = sheet.title;
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A cell's value as the user typed it: numbers stay numbers, formulas give their result, rich text its text. */
function cellValue(cell: ExcelJS.Cell): number | string | null {
  const v = cell.value;
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  if (typeof v === 'object' && 'result' in v) return (v.result as number | string | undefined) ?? null;
  if (typeof v === 'object' && 'richText' in v)
    return (
      v.richText
        .map((t) => t.text)
        .join('')
        .trim() || null
    );
  return String(v);
}

const SCORE_TEXT = /^\d{1,3}([.,]\d{1,2})?$/;

/** A score 0–100 with at most two decimals ("85,5" as Indonesians type it); null when it is not one. */
export function parseScore(value: number | string): number | null {
  const n =
    typeof value === 'number' ? value : SCORE_TEXT.test(value) ? Number(value.replace(',', '.')) : NaN;
  if (!Number.isFinite(n) || n < 0 || n > 100 || Math.round(n * 100) !== n * 100) return null;
  return n;
}

export interface ParsedLegger {
  rows: number;
  scores: ScoreRow[];
  errors: LeggerError[];
}

/**
 * Reads a filled legger against the period's registrants and the live subjects, collecting every problem
 * (row, column, message) rather than stopping at the first. Blank score cells leave a score as it is.
 */
export async function readLegger(
  file: Buffer,
  subjects: readonly { id: number; name: string }[],
  registrantIdByNumber: ReadonlyMap<string, number>,
): Promise<ParsedLegger> {
  const book = new ExcelJS.Workbook();
  try {
    // exceljs declares an ArrayBuffer (its zip reader takes either): a copy of the upload's bytes is one.
    await book.xlsx.load(new Uint8Array(file).buffer);
  } catch {
    return { rows: 0, scores: [], errors: [{ row: 0, column: '', message: LEGGER_MSG.fileType }] };
  }
  const ws = book.getWorksheet(SHEET) ?? book.worksheets[0];
  if (!ws) return { rows: 0, scores: [], errors: [{ row: 0, column: '', message: LEGGER_MSG.noSheet }] };
  const errors: LeggerError[] = [];
  const heading = ws.getRow(1);
  if (String(cellValue(heading.getCell(1)) ?? '') !== NUMBER_HEADING)
    return { rows: 0, scores: [], errors: [{ row: 1, column: '', message: LEGGER_MSG.header }] };

  const subjectByName = new Map(subjects.map((s) => [s.name.trim().toLowerCase(), s]));
  const columns: { col: number; heading: string; subjectId: number }[] = [];
  const seen = new Set<number>();
  for (let col = 3; col <= heading.cellCount; col++) {
    const name = String(cellValue(heading.getCell(col)) ?? '');
    if (!name) continue;
    const subject = subjectByName.get(name.toLowerCase());
    if (!subject) errors.push({ row: 1, column: name, message: LEGGER_MSG.unknownSubject(name) });
    else if (seen.has(subject.id))
      errors.push({ row: 1, column: name, message: LEGGER_MSG.duplicateSubject(name) });
    else {
      seen.add(subject.id);
      columns.push({ col, heading: name, subjectId: subject.id });
    }
  }

  const scores: ScoreRow[] = [];
  const rowOfNumber = new Map<string, number>();
  let rows = 0;
  for (let r = 2; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const number = cellValue(row.getCell(1));
    const cells = columns.map((c) => ({ ...c, value: cellValue(row.getCell(c.col)) }));
    if (number === null && cells.every((c) => c.value === null)) continue;
    rows += 1;
    if (rows > LEGGER_MAX_ROWS) {
      errors.push({ row: r, column: '', message: LEGGER_MSG.tooManyRows(LEGGER_MAX_ROWS) });
      break;
    }
    const key = number === null ? '' : String(number).toUpperCase();
    const registrantId = registrantIdByNumber.get(key);
    if (!key) errors.push({ row: r, column: NUMBER_HEADING, message: LEGGER_MSG.numberMissing });
    else if (rowOfNumber.has(key))
      errors.push({
        row: r,
        column: NUMBER_HEADING,
        message: LEGGER_MSG.duplicateNumber(key, rowOfNumber.get(key)!),
      });
    else if (registrantId === undefined)
      errors.push({ row: r, column: NUMBER_HEADING, message: LEGGER_MSG.unknownNumber(key) });
    if (key && !rowOfNumber.has(key)) rowOfNumber.set(key, r);
    for (const c of cells) {
      if (c.value === null) continue;
      const score = parseScore(c.value);
      if (score === null) errors.push({ row: r, column: c.heading, message: LEGGER_MSG.score });
      else if (registrantId !== undefined)
        scores.push({ registrant_id: registrantId, mst_subject_id: c.subjectId, score });
    }
  }
  return { rows, scores, errors };
}
