import { buildSurvey } from '@psb/contracts/registrants-admin';

/** Question number → label of the fixed form (the school's own questions show by number). */
export const FIXED_SURVEY_LABELS: ReadonlyMap<number, string> = new Map(
  buildSurvey([]).questions.map((q) => [q.no, q.label]),
);
