/** Master data of a foundation: the resource engine's tables, schools, staff users, roles and their modules. */
export { default as consentTextRoutes } from './privacy/routes';
export {
  logSensitiveViews,
  maySeeSensitive,
  sensitiveAnswered,
  withoutSensitive,
} from './privacy/sensitive';
export { default as roleModuleRoutes } from './role-modules/routes';
export { default as roleRoutes } from './roles/routes';
export { default as masterDataRoutes } from './routes';
export { default as schoolRoutes } from './schools/routes';
export { default as userRoutes } from './users/routes';
