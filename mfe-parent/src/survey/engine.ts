import {
  type Answers,
  CUSTOM_TAB_KEY,
  checkAnswer,
  FIXED_SURVEY,
  isEmptyAnswer,
  isRequired,
  isVisible,
  type Question,
  SURVEY_MSG,
  type Survey,
  type SurveyPage,
  type SurveyPageWithTab,
} from '@psb/contracts/survey';

/**
 * How one registrant's form is laid out: its pages in order (Identitas Calon 0–2, Ayah, Ibu, Wali, then the
 * school's own questions when it has any), each with its tab, and where every question sits.
 */
export interface FormLayout {
  survey: Survey;
  pages: readonly SurveyPageWithTab[];
  pageIndexByKey: ReadonlyMap<string, number>;
  pageOfQuestion: ReadonlyMap<number, SurveyPageWithTab>;
  firstPageOfTab: (tab: string) => number;
  tabTitle: (tab: string) => string;
  /** A required answer still missing, named with its tab so the father's and mother's fields differ. */
  describeQuestion: (no: number, label?: string) => string;
}

export function layoutOf(survey: Survey): FormLayout {
  const pages = survey.pages;
  const pageOfQuestion = new Map(pages.flatMap((p) => p.questions.map((q) => [q.no, p] as const)));
  const tabTitle = (tab: string) => survey.tabs.find((t) => t.key === tab)?.title ?? tab;
  return {
    survey,
    pages,
    pageIndexByKey: new Map(pages.map((p, i) => [p.key, i])),
    pageOfQuestion,
    firstPageOfTab: (tab) => pages.findIndex((p) => p.tab === tab),
    tabTitle,
    describeQuestion: (no, label) => {
      const page = pageOfQuestion.get(no);
      const text = label ?? survey.byNo.get(no)?.label ?? `Pertanyaan ${no}`;
      return page ? `${tabTitle(page.tab)}: ${text}` : text;
    },
  };
}

/** The form without the school's own questions. */
export const FIXED_LAYOUT = layoutOf(FIXED_SURVEY);

/** Page keys a saved draft may name (the school's own page exists only for some registrants). */
export const isKnownPageKey = (key: string) => FIXED_LAYOUT.pageIndexByKey.has(key) || key === CUSTOM_TAB_KEY;

/** Table rows with at least one filled cell (an empty row the parent added is not an answer). */
function filledRows(q: Question, value: unknown): Record<string, string>[] {
  if (!Array.isArray(value)) return [];
  const keys = q.columns?.map((c) => c.key) ?? [];
  return value
    .filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null)
    .map((row) =>
      Object.fromEntries(keys.map((k) => [k, typeof row[k] === 'string' ? (row[k] as string).trim() : ''])),
    )
    .filter((row) => keys.some((k) => row[k] !== ''));
}

/** What is sent for one question: trimmed, empty → null (deletes), hidden → null. */
export function answerForSave(q: Question, answers: Answers): unknown {
  const value = answers[String(q.no)];
  if (!isVisible(q, answers)) return null;
  if (q.kind === 'table') {
    const rows = filledRows(q, value);
    return rows.length ? rows : null;
  }
  if (q.kind === 'multi' && Array.isArray(value)) {
    const items = value.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== '');
    return items.length ? items : null;
  }
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  return isEmptyAnswer(value) ? null : value;
}

/** The body `data` of POST /registrant_answer for one page. */
export function pagePayload(page: SurveyPage, answers: Answers): Answers {
  return Object.fromEntries(page.questions.map((q) => [String(q.no), answerForSave(q, answers)]));
}

/** The format problem of one answer (what the server would refuse), or null. */
export function formatError(q: Question, answers: Answers): string | null {
  const value = answerForSave(q, answers);
  return value === null ? null : checkAnswer(q, value);
}

/** Format problems of a page, question number → message. */
export function formatErrors(page: SurveyPage, answers: Answers): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const q of page.questions) {
    const problem = formatError(q, answers);
    if (problem) errors[String(q.no)] = problem;
  }
  return errors;
}

/**
 * The shown problems after answers were filled in for the parent (the child's address copied): each problem
 * of a changed question is checked again against the new answers, so a filled field loses its "Wajib diisi."
 * and one still empty keeps it.
 */
export function recheckErrors(
  errors: Record<string, string>,
  changed: readonly string[],
  answers: Answers,
  survey: Survey,
): Record<string, string> {
  const next = { ...errors };
  for (const key of changed) {
    if (!(key in next)) continue;
    const q = survey.byNo.get(Number(key));
    const problem =
      q &&
      (formatError(q, answers) ??
        (isRequired(q, answers) && answerForSave(q, answers) === null ? SURVEY_MSG.required : null));
    if (problem) next[key] = problem;
    else delete next[key];
  }
  return next;
}

/** Required answers of a page still missing (conditions applied), question number → message. */
export function requiredErrors(page: SurveyPage, answers: Answers): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const q of page.questions)
    if (isRequired(q, answers) && answerForSave(q, answers) === null)
      errors[String(q.no)] = SURVEY_MSG.required;
  return errors;
}

/**
 * After a reload: the server's answers, with the device's answers of the pages that were not confirmed saved
 * laid over them (those pages are sent again).
 */
export function mergeDraft(
  server: Answers,
  local: Answers | undefined,
  pending: readonly string[],
  layout: FormLayout = FIXED_LAYOUT,
): Answers {
  if (!local || pending.length === 0) return { ...server };
  const merged: Answers = { ...server };
  for (const key of pending) {
    const page = layout.pages[layout.pageIndexByKey.get(key) ?? -1];
    if (!page) continue;
    for (const q of page.questions) {
      const k = String(q.no);
      if (k in local) merged[k] = local[k];
      else delete merged[k];
    }
  }
  return merged;
}
