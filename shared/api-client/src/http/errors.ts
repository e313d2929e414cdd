import { isHTTPError, isNetworkError, isTimeoutError } from 'ky';

export const GENERIC_ERROR = 'Terjadi kesalahan. Silakan coba lagi.';
export const CONNECTION_ERROR = 'Tidak dapat terhubung ke server. Periksa koneksi Anda lalu coba lagi.';

interface ErrorBody {
  message?: unknown;
  errors?: unknown;
}

const bodyOf = (err: unknown): ErrorBody | undefined =>
  isHTTPError(err) && typeof err.data === 'object' && err.data !== null ? (err.data as ErrorBody) : undefined;

/** The server's `message` of a `{ success: false, message, errors }` body, or a generic Indonesian one. */
export function errorMessage(err: unknown): string {
  const message = bodyOf(err)?.message;
  if (typeof message === 'string' && message) return message;
  if (isNetworkError(err) || isTimeoutError(err)) return CONNECTION_ERROR;
  return GENERIC_ERROR;
}

/** Field name → message of a 400 validation answer (empty when there are none). */
export function fieldErrors(err: unknown): Record<string, string> {
  const errors = bodyOf(err)?.errors;
  if (typeof errors !== 'object' || errors === null) return {};
  return Object.fromEntries(
    Object.entries(errors).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}

/** HTTP status of a failed call, or undefined when no response arrived. */
export function errorStatus(err: unknown): number | undefined {
  return isHTTPError(err) ? err.response.status : undefined;
}

/** Worth asking again: no answer, a server failure or a rate limit — not a refusal or a missing record. */
export function isRetryable(err: unknown): boolean {
  const status = errorStatus(err);
  return status === undefined || status >= 500 || status === 429;
}
