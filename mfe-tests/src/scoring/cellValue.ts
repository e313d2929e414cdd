import type { ScoreSubject } from '@psb/contracts/test-scoring';

/**
 * A typed cell as a score: empty clears it; a comma is a decimal separator (as Indonesian spreadsheets write
 * it); the value must lie in the subject's range with at most two decimals.
 */
export function parseCell(
  text: string,
  subject: Pick<ScoreSubject, 'min_score' | 'max_score'>,
): { score: number | null } | { error: string } {
  const t = text.trim().replace(',', '.');
  if (t === '') return { score: null };
  if (!/^-?\d+(\.\d+)?$/.test(t)) return { error: 'Nilai harus berupa angka.' };
  const n = Number(t);
  if (Math.abs(Math.round(n * 100) - n * 100) > 1e-6)
    return { error: 'Nilai paling banyak dua angka di belakang koma.' };
  if (n < subject.min_score || n > subject.max_score)
    return { error: `Nilai harus antara ${subject.min_score} dan ${subject.max_score}.` };
  return { score: n };
}

/** A pasted block (rows by newline, columns by tab, as spreadsheets copy them), trailing empty line dropped. */
export function parsePaste(text: string): string[][] {
  const rows = text.replace(/\r\n?/g, '\n').split('\n');
  if (rows.length > 1 && rows[rows.length - 1] === '') rows.pop();
  return rows.map((r) => r.split('\t'));
}
