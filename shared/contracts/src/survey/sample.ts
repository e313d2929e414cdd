import { missingRequired } from './rules';
import type { Answers, Question } from './types';

/** A valid answer for any question (test and demo data) (choosing "Tidak" keeps the conditional questions away). */
function answerFor(q: Question): unknown {
  switch (q.kind) {
    case 'phone':
      return '+6281234567890';
    case 'date':
      return '2019-02-28';
    case 'number':
      return q.min ?? 1;
    case 'choice':
      return q.options?.includes('Tidak') ? 'Tidak' : q.options?.[0];
    case 'multi':
      return [q.options?.[0]];
    case 'table':
      return [{ name: 'Rina', school: 'SD', class: '3' }];
    default:
      return 'Contoh';
  }
}
/** A complete, valid set of answers: every required question answered (tests and demos). */
export function sampleAnswers(): Answers {
  const answers: Answers = { '1': 'Ananda Budi' };
  for (let i = 0; i < 5; i++) for (const q of missingRequired(answers)) answers[String(q.no)] = answerFor(q);
  if (missingRequired(answers).length) throw new Error('sampleAnswers: still missing answers');
  return answers;
}
