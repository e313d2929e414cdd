/** Sign-in, password and contact changes, and the signed-in person's own account (me/). */

export {
  assertUnique,
  createEmailVerification,
  sendVerificationMail,
  uniqueViolation,
} from './account-contact';
export { activatePlaceholder, archiveEmptyPlaceholder, setTemporaryPassword } from './accounts';
export { checkPassword } from './login-lockout';
export { default as meRoutes } from './me/routes';
export { insertParent } from './parent-account';
export { default as dataExportRoutes } from './privacy/data-export-routes';
export { default as privacyRequestRoutes } from './privacy/requests-routes';
export { default as consentRoutes } from './privacy/routes';
export { recordProcessingConsent } from './privacy/service';
export { default as authRoutes } from './routes';
