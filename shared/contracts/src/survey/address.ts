import type { Answers } from './types';

/** Where each person's address lives in the form: the street line and the five region levels after `region`. */
export const ADDRESS_QUESTIONS = {
  calon: { address: 10, region: 57 },
  ayah: { address: 26, region: 63 },
  ibu: { address: 36, region: 68 },
} as const;
export type AddressOwner = keyof typeof ADDRESS_QUESTIONS;

const numbersOf = (who: AddressOwner) => {
  const { address, region } = ADDRESS_QUESTIONS[who];
  return [address, ...Array.from({ length: 5 }, (_, i) => region + i)];
};

/**
 * "Same address as the child": the answers that copy the child's address (street line and every region level,
 * an empty one included) onto each of `to`. Only the child's address is read, so applying the patch in any
 * order gives the same result.
 */
export function copyChildAddress(answers: Answers, to: readonly AddressOwner[]): Answers {
  const from = numbersOf('calon');
  const patch: Answers = {};
  for (const who of to)
    numbersOf(who).forEach((no, i) => {
      patch[String(no)] = answers[String(from[i])] ?? '';
    });
  return patch;
}

/** Whether the child's address has been given (the copy has something to copy). */
export const hasChildAddress = (answers: Answers) =>
  numbersOf('calon').some((no) => typeof answers[String(no)] === 'string' && answers[String(no)] !== '');
