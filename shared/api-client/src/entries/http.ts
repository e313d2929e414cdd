/** `@psb/api-client/http`: the client, typed endpoints, error helpers and where the api is. */

export { isHTTPError } from 'ky';
export { API_PATTERN_META, currentTenant, DEFAULT_API_PATH, resolveApiBase } from '../config/apiBase';
export { currentArea, isAdminPath } from '../http/area';
export { api, type CreateApiOptions, createApi } from '../http/client';
export { bootEndpoint, endpoint, type SchemaSource } from '../http/endpoint';
export {
  CONNECTION_ERROR,
  errorMessage,
  errorStatus,
  fieldErrors,
  GENERIC_ERROR,
  isRetryable,
} from '../http/errors';
export { type ApiClientHandlers, configureApiClient, handlers } from '../http/handlers';
export { DASHBOARD_KEY_ROOT, PUBLIC_FIRST_PAGE_KEY } from '../http/sharedKeys';
export { useWaitingLine, type Wait } from '../http/waitingLine';
