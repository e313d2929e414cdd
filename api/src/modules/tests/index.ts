/**
 * Tests and observation: sessions and seats, interview and observation appointments, test cards, scoring, the
 * legger, results and graduation.
 */
export { default as appointmentRoutes } from './appointments/routes';
export { default as testAssignmentRoutes } from './assignment/routes';
export { default as testCardRoutes } from './cards/routes';
export { default as leggerRoutes } from './legger/routes';
export { default as testResultRoutes } from './results/routes';
export { default as testScoringRoutes } from './scoring/routes';
export { placeRegistrantAuto } from './seats';
export { default as testSessionSubjectRoutes } from './session-subjects/routes';
