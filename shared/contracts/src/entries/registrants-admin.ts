/** `@psb/contracts/registrants-admin`: staff registrant management (list, detail, actions, status model). */

export * from '../document-verification';
export * from '../family';
export * from '../legger';
export * from '../registrant-admin';
export * from '../registrant-assisted';
export * from '../registrant-staff-tools';
export * from '../registrants';
export { buildSurvey } from '../survey/custom';
export { QUESTION_BY_NO } from '../survey/questions';
export { answerSummary } from '../survey/summary';
