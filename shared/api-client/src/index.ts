export { API_PATTERN_META, currentTenant, DEFAULT_API_PATH, resolveApiBase } from './config/apiBase';
export { clearDeviceDrafts, DRAFT_PREFIX, deviceDraftKey } from './drafts/deviceDrafts';
export {
  type ChangePasswordResponse,
  changeOwnPassword,
  forgotPassword,
  login,
  logout,
  type MessageResponse,
  register,
  resetPassword,
  verifyEmail,
} from './endpoints/auth';
export { getMe, type UpdateMeResponse, updateMe } from './endpoints/me';
export {
  type ContentKey,
  completeRegistrant,
  createRegistrant,
  getPublicContent,
  getRegistrant,
  getRegistrantFile,
  interviewGuidePdfUrl,
  listRegion,
  listRegistrants,
  listSchoolPeriods,
  listVoucherClasses,
  listVoucherSchools,
  loginWithVoucher,
  lookupSchoolByNpsn,
  type MissingItem,
  missingOf,
  type NamedItem,
  type PublicSchoolPeriod,
  type RegionLevelName,
  registerWithVoucher,
  registrationStatus,
  saveRegistrantAnswers,
  submitRegistrant,
  UploadError,
  type UploadedDocument,
  uploadRegistrantFile,
} from './endpoints/parentJourney';
export { getFirstPage, getTheme, type ThemeResponse } from './endpoints/publicContent';
export { currentArea, isAdminPath } from './http/area';
export { api, type CreateApiOptions, createApi } from './http/client';
export { CONNECTION_ERROR, errorMessage, errorStatus, fieldErrors, GENERIC_ERROR } from './http/errors';
export { type ApiClientHandlers, configureApiClient } from './http/handlers';
export {
  contentQuery,
  parentKeys,
  regionQuery,
  registrantQuery,
  registrantsQuery,
  schoolPeriodsQuery,
} from './parentQueries';
export { firstPageQuery, meQuery, queryKeys, themeQuery } from './queries';
export { decrypt, encrypt } from './session/cipher';
export {
  SESSION_STORAGE_KEY,
  type SessionActions,
  type SessionArea,
  type SessionData,
  type SignIn,
  session,
  userDraftKey,
  useSession,
} from './session/sessionStore';
