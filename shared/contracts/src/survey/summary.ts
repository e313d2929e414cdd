import { FIXED_SURVEY, type Survey } from './custom';
import { fromIsoDate } from './format';
import { isEmptyAnswer, isVisible } from './rules';
import type { Answers, Question } from './types';

/** An answer as text for the data summary. */
export function answerText(q: Question, answers: Answers): string | null {
  const value = answers[String(q.no)];
  if (isEmptyAnswer(value)) return null;
  if (q.kind === 'date' && typeof value === 'string') return fromIsoDate(value) ?? value;
  if (q.kind === 'table' && Array.isArray(value)) {
    const cols = q.columns ?? [];
    return value
      .map((row) =>
        cols
          .map((c) => (row as Record<string, unknown>)?.[c.key])
          .filter((v) => typeof v === 'string' && v.trim() !== '')
          .join(' · '),
      )
      .filter(Boolean)
      .join('; ');
  }
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

export interface SummaryTab {
  key: string;
  title: string;
  /** The visible questions that have an answer, as the parent sees them. */
  items: { q: Question; text: string }[];
}

/** The answers per tab of the form, as the parent's data summary and the staff detail show them. */
export function answerSummary(answers: Answers, survey: Survey = FIXED_SURVEY): SummaryTab[] {
  return survey.tabs.map((tab) => ({
    key: tab.key,
    title: tab.title,
    items: tab.pages.flatMap((p) =>
      p.questions
        .filter((q) => isVisible(q, answers))
        .flatMap((q) => {
          const text = answerText(q, answers);
          return text === null ? [] : [{ q, text }];
        }),
    ),
  }));
}
