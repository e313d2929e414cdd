import {
  SESSION_SCORE_MAX,
  SESSION_SUBJECT_MSG,
  type SessionSubjectInput,
  type SessionSubjects,
} from '@psb/contracts/tests';

/** One row of the editor as typed: numbers may be empty while being typed. */
export interface SubjectRow {
  key: string;
  mst_subject_id: number | null;
  min_score: number | '';
  max_score: number | '';
  /** Scores already given: the row is fixed. */
  scored: number;
}

let next = 0;
const newKey = () => `row-${++next}`;

/**
 * The rows the editor starts from: the chosen subjects, or — when none were chosen and scoring uses every
 * live subject 0–100 — only those that already have scores (they must stay, with that range).
 */
export function initialRows(data: SessionSubjects): SubjectRow[] {
  return data.subjects
    .filter((s) => data.chosen || s.scored > 0)
    .map((s) => ({
      key: newKey(),
      mst_subject_id: s.mst_subject_id,
      min_score: s.min_score,
      max_score: s.max_score,
      scored: s.scored,
    }));
}

export const blankRow = (): SubjectRow => ({
  key: newKey(),
  mst_subject_id: null,
  min_score: 0,
  max_score: 100,
  scored: 0,
});

const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** The problems of each row by field, the same rules the server applies. */
export function rowProblems(rows: SubjectRow[]): Record<string, string>[] {
  return rows.map((r, i) => {
    const out: Record<string, string> = {};
    if (r.mst_subject_id === null) out.mst_subject_id = SESSION_SUBJECT_MSG.subject;
    else if (rows.findIndex((x) => x.mst_subject_id === r.mst_subject_id) < i)
      out.mst_subject_id = SESSION_SUBJECT_MSG.duplicate;
    for (const field of ['min_score', 'max_score'] as const) {
      const v = r[field];
      if (v === '') out[field] = SESSION_SUBJECT_MSG.number;
      else if (v < 0) out[field] = SESSION_SUBJECT_MSG.min;
      else if (v > SESSION_SCORE_MAX) out[field] = SESSION_SUBJECT_MSG.max;
      else if (!twoDecimals(v)) out[field] = SESSION_SUBJECT_MSG.decimals;
    }
    if (!out.max_score && !out.min_score && r.min_score !== '' && r.max_score !== '')
      if (r.max_score <= r.min_score) out.max_score = SESSION_SUBJECT_MSG.order;
    return out;
  });
}

/** What is sent, in the order shown (only called when no row has a problem). */
export const toBody = (rows: SubjectRow[]): { subjects: SessionSubjectInput[] } => ({
  subjects: rows.map((r) => ({
    mst_subject_id: r.mst_subject_id!,
    min_score: Number(r.min_score),
    max_score: Number(r.max_score),
  })),
});

/** Rows compared by what would be saved (keys and score counts aside). */
export const sameRows = (a: SubjectRow[], b: SubjectRow[]) =>
  a.length === b.length &&
  a.every(
    (r, i) =>
      r.mst_subject_id === b[i]!.mst_subject_id &&
      r.min_score === b[i]!.min_score &&
      r.max_score === b[i]!.max_score,
  );
