/** `@psb/contracts/parent`: the parent journey (registrants, answers, uploads, lookups of the form). */

export * from '../appointments';
export * from '../document-verification';
export * from '../family';
export * from '../nik';
export * from '../registrants';
