import {
  type Answers,
  buildSurvey,
  type CustomQuestion,
  cascadeDependents,
  SURVEY_MSG,
  validateAnswers,
} from '@psb/contracts';
import { sql } from 'kysely';
import { HttpError, MESSAGES } from '../../lib/http-error';

/**
 * The form's answer rules on the server, one copy for whoever writes answers (the parent's form, staff
 * editing in the detail): validation against the registrant's form, the answers cleared when the question
 * they depend on changes, and the merge itself.
 */

/** For each answered question, its dependent answers not on the same page (cleared when it changes). */
export function cascadeFor(data: Answers): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const key of Object.keys(data)) {
    const deps = cascadeDependents(Number(key))
      .map(String)
      .filter((d) => !(d in data));
    if (deps.length) out[key] = deps;
  }
  return out;
}

/** 400 with an Indonesian message per question when a page of answers breaks its form's rules. */
export function assertValidAnswers(data: Answers, custom: readonly CustomQuestion[] | null | undefined) {
  const problems = validateAnswers(data, buildSurvey(custom ?? []));
  if (Object.keys(problems).length) {
    const unknown = Object.values(problems).every((m) => m === SURVEY_MSG.unknown);
    throw new HttpError(400, unknown ? SURVEY_MSG.unknown : MESSAGES.invalidData, problems);
  }
}

/**
 * The SET of one merge, for a registrant under the alias `r`: `null` answers are removed, the answers listed
 * in `cascade` under a question whose value changes are cleared, and the name column follows answer 1.
 */
export function mergedAnswers(data: Answers, cascade: Record<string, string[]>) {
  const page = sql`${JSON.stringify(data)}::jsonb`;
  const deps = sql`${JSON.stringify(cascade)}::jsonb`;
  return {
    question_answer: sql<Answers>`jsonb_strip_nulls(
          (r.question_answer - COALESCE((
            SELECT array_agg(d) FROM jsonb_each(${deps}) c(parent, deps), jsonb_array_elements_text(c.deps) d
            WHERE r.question_answer -> c.parent IS DISTINCT FROM ${page} -> c.parent), '{}'::text[]))
          || ${page})`,
    name: sql<string | null>`CASE WHEN ${page} ? '1' THEN NULLIF(btrim(${page} ->> '1'), '') ELSE r.name END`,
  };
}
