/**
 * What the client does on a session expiry or a failed data fetch is UI work owned by the shell; the shell
 * plugs it in here so this package stays free of UI code.
 */
export interface ApiClientHandlers {
  /** After a 401 both sessions are already cleared; it then reloads to `/`. */
  onUnauthorized: () => void;
  /** A GET failed with 5xx or no connection (the persistent message). */
  onServerError: () => void;
}

export const handlers: ApiClientHandlers = {
  onUnauthorized: () => globalThis.location?.assign('/'),
  onServerError: () => {},
};

export function configureApiClient(overrides: Partial<ApiClientHandlers>) {
  Object.assign(handlers, overrides);
}
