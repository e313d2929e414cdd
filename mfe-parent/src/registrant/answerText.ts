import { type Answers, fromIsoDate, isEmptyAnswer, type Question } from '@psb/contracts/survey';

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
