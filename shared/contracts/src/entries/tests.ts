/** `@psb/contracts/tests`: tests and observation — placing registrants in sessions, their schedule. */
export { messageResponseSchema } from '../auth';
export { STATUS_LABELS } from '../registrant-status';
export * from '../test-assignment';
