import { ADDRESS_QUESTIONS } from './address';
import { SURVEY } from './questions';
import type { Answers } from './types';

/**
 * Answers one child of a family shares with the next: the father's, mother's and guardian's pages, the home
 * address and phone, how many siblings there are. What is the child's own (name, birth, school, health) is
 * never carried over.
 */
export const FAMILY_QUESTION_NOS: readonly number[] = [
  8,
  ADDRESS_QUESTIONS.calon.address,
  ...Array.from({ length: 5 }, (_, i) => ADDRESS_QUESTIONS.calon.region + i),
  53,
  ...SURVEY.filter((t) => ['ayah', 'ibu', 'wali'].includes(t.key)).flatMap((t) =>
    t.pages.flatMap((p) => p.questions.map((q) => q.no)),
  ),
];

/** Question numbers of the sibling answers the family fills from what the foundation knows. */
export const SIBLING_QUESTIONS = {
  inFoundation: 15,
  inFoundationRows: 16,
  applyingTogether: 17,
  applyingTogetherRows: 18,
} as const;

/** Another child of the same family, as the sibling tables of the form list it. */
export interface FamilyChild {
  name: string;
  school: string;
  class: string;
  /** Applying in the same school year as the new child (else already a pupil of the foundation). */
  sameYear: boolean;
}

interface SiblingRow {
  name: string;
  school: string;
  class: string;
}

const rowsOf = (value: unknown): SiblingRow[] =>
  Array.isArray(value)
    ? value.filter((r): r is SiblingRow => typeof r === 'object' && r !== null && 'name' in r)
    : [];

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The answers a new child's form starts from: the shared answers of the family's latest settled form, and the
 * siblings the foundation knows (the earlier form's own list, plus every other child of the family: applying
 * this year → "registering together", otherwise → "a sibling at the foundation").
 */
export function familyAnswers(source: Answers, children: readonly FamilyChild[]): Answers {
  const out: Answers = {};
  for (const no of FAMILY_QUESTION_NOS) {
    const v = source[String(no)];
    if (v !== undefined && v !== null && v !== '') out[String(no)] = v;
  }
  const together = children.filter((c) => c.sameYear);
  const inFoundation = [...rowsOf(source[String(SIBLING_QUESTIONS.inFoundationRows)])];
  for (const c of children.filter((k) => !k.sameYear))
    if (!inFoundation.some((r) => sameName(r.name, c.name))) inFoundation.push(c);
  const row = ({ name, school, class: klass }: SiblingRow) => ({ name, school, class: klass });
  const S = SIBLING_QUESTIONS;
  out[String(S.inFoundation)] = inFoundation.length ? 'Ya' : 'Tidak';
  if (inFoundation.length) out[String(S.inFoundationRows)] = inFoundation.map(row);
  out[String(S.applyingTogether)] = together.length ? 'Ya' : 'Tidak';
  if (together.length) out[String(S.applyingTogetherRows)] = together.map(row);
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The copied answers still waiting for the parent's confirmation: those confirmed are no longer in `copied`,
 * and one the parent changed is their own answer now.
 */
export function unconfirmedFamilyNos(answers: Answers, copied: Answers | null | undefined): number[] {
  if (!copied) return [];
  return Object.keys(copied)
    .filter((k) => same(answers[k], copied[k]))
    .map(Number)
    .sort((a, b) => a - b);
}
