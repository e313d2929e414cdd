/** `@psb/contracts/survey`: the registrant form's questions, rules and answer formats. */
export * from '../survey';
