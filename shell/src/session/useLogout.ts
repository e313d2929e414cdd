import { type SessionArea, useSession } from '@psb/api-client/session';
import { pageExit } from '../routing/pageExit';

/**
 * End the server session (a failure, even of loading the call, does not matter), clear this area's session, go to its entry.
 * A full page load, not a client-side navigation, so nothing of the signed-in user (query cache, remote
 * state) survives on a shared device.
 */
export function useLogout(area: SessionArea) {
  return async () => {
    try {
      // Fetched on use: the layouts that offer logout are in every first load, signed in or not.
      const { logout } = await import('@psb/api-client/auth');
      await logout();
    } catch {
      // An expired or revoked token cannot be logged out any further.
    }
    pageExit.leaving = true;
    const state = useSession.getState();
    if (area === 'admin') state.clearAdminSession();
    else state.clearUserSession();
    window.location.replace(area === 'admin' ? '/admin' : '/');
  };
}
