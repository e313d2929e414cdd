/** `@psb/contracts/tests`: tests and observation — placing registrants in sessions, their schedule, the subjects of a session. */
export * from '../appointments';
export { messageResponseSchema } from '../auth';
export { STATUS_LABELS } from '../registrant-status';
export * from '../test-assignment';
export * from '../test-session-subjects';
