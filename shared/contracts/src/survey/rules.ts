import { FIXED_SURVEY, type Survey } from './custom';
import { isIsoDate, isMaskedPhone } from './format';
import { QUESTIONS } from './questions';
import type { Answers, Condition, Question } from './types';

export const SURVEY_MSG = {
  required: 'Wajib diisi.',
  maxLength: (n: number) => `Maksimal ${n} karakter.`,
  phone: 'No. telepon harus +62 diikuti 8–12 angka.',
  date: 'Tanggal tidak valid (dd/mm/yyyy).',
  option: 'Pilih salah satu pilihan yang tersedia.',
  number: (min?: number, max?: number) =>
    `Isi angka${min !== undefined ? ` ${min}` : ''}${max !== undefined ? `–${max}` : ''}.`,
  table: 'Isi setidaknya satu baris lengkap.',
  unknown: 'Pertanyaan tidak dikenal.',
} as const;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const holds = (c: Condition, answers: Answers): boolean => {
  if ('allOf' in c) return c.allOf.every((each) => holds(each, answers));
  const answer = text(answers[String(c.no)]);
  if ('equals' in c) return answer === c.equals;
  return 'in' in c ? c.in.includes(answer) : !c.notIn.includes(answer);
};

export function isVisible(q: Question, answers: Answers): boolean {
  return !q.showWhen || holds(q.showWhen, answers);
}

export function isRequired(q: Question, answers: Answers): boolean {
  if (!isVisible(q, answers) || !q.required) return false;
  return q.required === true || holds(q.required, answers);
}

export function isEmptyAnswer(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** The format check of one answer (empty answers pass; required-ness is checked separately). */
export function checkAnswer(q: Question, value: unknown): string | null {
  if (isEmptyAnswer(value)) return null;
  switch (q.kind) {
    case 'text':
    case 'textarea':
    case 'region':
      if (typeof value !== 'string') return SURVEY_MSG.required;
      return q.maxLength && value.trim().length > q.maxLength ? SURVEY_MSG.maxLength(q.maxLength) : null;
    case 'phone':
      return typeof value === 'string' && isMaskedPhone(value) ? null : SURVEY_MSG.phone;
    case 'date':
      return typeof value === 'string' && isIsoDate(value) ? null : SURVEY_MSG.date;
    case 'number': {
      const n = typeof value === 'number' ? value : Number(value);
      const ok =
        Number.isInteger(n) && (q.min === undefined || n >= q.min) && (q.max === undefined || n <= q.max);
      return ok ? null : SURVEY_MSG.number(q.min, q.max);
    }
    case 'choice':
      if (typeof value !== 'string') return SURVEY_MSG.option;
      if (value.length > 100) return SURVEY_MSG.maxLength(100);
      return q.allowOther || q.options?.includes(value) ? null : SURVEY_MSG.option;
    case 'multi':
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || v.length > 100))
        return SURVEY_MSG.option;
      return q.allowOther || value.every((v) => q.options?.includes(v)) ? null : SURVEY_MSG.option;
    case 'table': {
      if (!Array.isArray(value) || value.length > 20) return SURVEY_MSG.table;
      const keys = q.columns?.map((c) => c.key) ?? [];
      const rowOk = (row: unknown) =>
        typeof row === 'object' &&
        row !== null &&
        keys.every((k) => typeof (row as Record<string, unknown>)[k] === 'string') &&
        keys.some((k) => text((row as Record<string, unknown>)[k]) !== '');
      return value.every(rowOk) ? null : SURVEY_MSG.table;
    }
  }
}

/**
 * Checks saved answers (autosave of one page): every given answer must be a known question with a valid
 * value. Required answers are not demanded here — a page may be saved half done.
 */
export function validateAnswers(answers: Answers, survey: Survey = FIXED_SURVEY): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(answers)) {
    const q = survey.byNo.get(Number(key));
    if (!q || String(q.no) !== key) errors[key] = SURVEY_MSG.unknown;
    else {
      const problem = checkAnswer(q, value);
      if (problem) errors[key] = problem;
    }
  }
  return errors;
}

/** Required questions (with their conditions) still unanswered — what blocks Submit. */
export function missingRequired(answers: Answers, survey: Survey = FIXED_SURVEY): Question[] {
  return survey.questions.filter((q) => isRequired(q, answers) && isEmptyAnswer(answers[String(q.no)]));
}

/**
 * Address cascade: when a level changes, every level below it (and only those) is cleared.
 * Returns the question numbers to clear.
 */
export function cascadeDependents(no: number): number[] {
  return QUESTIONS.filter((q) => q.region?.parents.includes(no)).map((q) => q.no);
}

/** Applies one answer and clears what depends on it, leaving every other answer untouched. */
export function setAnswer(answers: Answers, no: number, value: unknown): Answers {
  const next: Answers = { ...answers, [String(no)]: value };
  if (answers[String(no)] !== value) for (const dep of cascadeDependents(no)) delete next[String(dep)];
  return next;
}
