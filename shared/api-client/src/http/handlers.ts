/**
 * What the client does on a session expiry or a failed data fetch is UI work owned by the shell; the shell
 * plugs it in here so this package stays free of UI code.
 */
export interface ApiClientHandlers {
  /** After a 401 both sessions are already cleared; it then reloads to `/`. */
  onUnauthorized: () => void;
  /** A GET failed with 5xx or no connection (the persistent message). */
  onServerError: () => void;
  /** A signed-in call was refused until the temporary password is changed; it opens the change form. */
  onPasswordChangeRequired: () => void;
}

/** Where a parent replaces a temporary password (the profile page shows the form and a notice). */
export const CHANGE_PASSWORD_PATH = '/profile?ganti_password=1';

export const handlers: ApiClientHandlers = {
  onUnauthorized: () => globalThis.location?.assign('/'),
  onServerError: () => {},
  onPasswordChangeRequired: () => {
    const here = globalThis.location;
    if (here && `${here.pathname}${here.search}` !== CHANGE_PASSWORD_PATH) here.assign(CHANGE_PASSWORD_PATH);
  },
};

export function configureApiClient(overrides: Partial<ApiClientHandlers>) {
  Object.assign(handlers, overrides);
}
