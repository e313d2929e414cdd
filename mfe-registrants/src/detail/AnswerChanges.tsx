import { Text } from '@psb/ui';
import { FIXED_SURVEY_LABELS } from './question-labels';

type Answers = Record<string, unknown>;
const shown = (v: unknown) =>
  v === null || v === undefined || v === '' ? '(kosong)' : typeof v === 'string' ? v : JSON.stringify(v);

/** The answers an audited staff edit changed, "question: old → new", for the history list. */
export function AnswerChanges({ detail }: { detail: Record<string, unknown> | null }) {
  const before = ((detail?.before as { answers?: Answers } | null)?.answers ?? {}) as Answers;
  const after = ((detail?.after as { answers?: Answers } | null)?.answers ?? {}) as Answers;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return (
    <>
      {keys.map((k) => (
        <Text size="sm" key={k} data-testid="answer-change">
          {FIXED_SURVEY_LABELS.get(Number(k)) ?? `Pertanyaan ${k}`}: {shown(before[k])} → {shown(after[k])}
        </Text>
      ))}
    </>
  );
}
