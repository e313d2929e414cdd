/** `@psb/contracts/tests`: tests and observation — placing registrants in sessions, their schedule. */
export * from '../test-assignment';
