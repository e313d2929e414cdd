/** `@psb/contracts/parent`: the parent journey (registrants, answers, uploads, lookups of the form). */

export * from '../document-verification';
export * from '../registrants';
