import { QUESTIONS, SURVEY } from './questions';
import type { Question, SurveyPage, SurveyTab } from './types';

/**
 * Questions a school adds to its form (Pertanyaan Tambahan), per school and optionally per period. They join
 * the fixed questions as one more tab; their answers are kept beside the fixed ones under the number
 * `CUSTOM_QUESTION_BASE + id`, so the fixed numbering (1–~100) can grow without ever meeting them.
 */
export const CUSTOM_QUESTION_BASE = 100_000;
export const CUSTOM_TAB_KEY = 'tambahan';

export const CUSTOM_ANSWER_TYPES = ['text', 'textarea', 'number', 'date', 'choice', 'multi'] as const;
export type CustomAnswerType = (typeof CUSTOM_ANSWER_TYPES)[number];

/** A custom question as the registrant's answers need it. */
export interface CustomQuestion {
  id: number;
  question: string;
  answer_type: CustomAnswerType;
  /** Choices, one per line (choice and multi). */
  options: string | null;
  help_text: string | null;
  is_required: boolean;
}

export const isCustomQuestionNo = (no: number) => no > CUSTOM_QUESTION_BASE;

/** Choices typed one per line: trimmed, blank lines and repeats dropped. */
export function choiceLines(options: string | null | undefined): string[] {
  return [...new Set((options ?? '').split('\n').map((o) => o.trim()))].filter(Boolean);
}

const MAX_LENGTH: Partial<Record<CustomAnswerType, number>> = { text: 250, textarea: 2000 };

export function customToQuestion(q: CustomQuestion): Question {
  return {
    no: CUSTOM_QUESTION_BASE + q.id,
    label: q.question,
    kind: q.answer_type,
    required: q.is_required,
    ...(q.answer_type === 'choice' || q.answer_type === 'multi' ? { options: choiceLines(q.options) } : {}),
    ...(MAX_LENGTH[q.answer_type] ? { maxLength: MAX_LENGTH[q.answer_type] } : {}),
    ...(q.answer_type === 'number' ? { min: 0, max: 999_999_999 } : {}),
    ...(q.help_text ? { hint: q.help_text } : {}),
  };
}

export type SurveyPageWithTab = SurveyPage & { tab: SurveyTab['key'] };

/** The whole form of one registrant: the fixed tabs, then the school's own questions when it has any. */
export interface Survey {
  tabs: readonly SurveyTab[];
  pages: readonly SurveyPageWithTab[];
  questions: readonly Question[];
  byNo: ReadonlyMap<number, Question>;
}

function surveyOf(tabs: readonly SurveyTab[]): Survey {
  const pages = tabs.flatMap((tab) => tab.pages.map((page) => ({ tab: tab.key, ...page })));
  const questions = pages.flatMap((p) => p.questions);
  return { tabs, pages, questions, byNo: new Map(questions.map((q) => [q.no, q])) };
}

/** The form without custom questions. */
export const FIXED_SURVEY: Survey = surveyOf(SURVEY);

export function buildSurvey(custom: readonly CustomQuestion[] | null | undefined): Survey {
  if (!custom?.length) return FIXED_SURVEY;
  const tab: SurveyTab = {
    key: CUSTOM_TAB_KEY,
    title: 'Tambahan',
    pages: [{ key: CUSTOM_TAB_KEY, title: 'Pertanyaan Tambahan', questions: custom.map(customToQuestion) }],
  };
  return surveyOf([...SURVEY, tab]);
}

// The fixed numbering must stay below the custom range.
if (QUESTIONS.some((q) => q.no >= CUSTOM_QUESTION_BASE)) throw new Error('survey numbering overlaps');
