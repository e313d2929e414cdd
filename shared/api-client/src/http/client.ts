// Through the package's own subpath, so every build consumes the one shared session store.
import { useSession } from '@psb/api-client/session';
import { PASSWORD_CHANGE_REQUIRED } from '@psb/contracts/core';
import ky, { type KyInstance } from 'ky';
import { resolveApiBase } from '../config/apiBase';
import { syncPermissions } from '../session/permissionsSync';
import { currentArea } from './area';
import { handlers } from './handlers';
import { keepForWaitingRoom, waitInLine } from './waitingLine';

/** Calls under public/ never carry a session, so a 401 there (e.g. bad credentials) is not an expiry. */
const isPublicCall = (url: string) => /\/public\//.test(new URL(url).pathname);

/** A 403 that names the temporary-password gate (any other 403 is an ordinary permission refusal). */
async function isPasswordChangeRequired(response: Response) {
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  return (body as { code?: unknown } | null)?.code === PASSWORD_CHANGE_REQUIRED;
}

export interface CreateApiOptions {
  /** Base of every call, e.g. `https://school.example.id/api/v1`; defaults to resolveApiBase(). */
  prefix?: string;
  timeout?: number;
}

export function createApi({
  prefix = resolveApiBase(),
  timeout = 30_000,
}: CreateApiOptions = {}): KyInstance {
  const instance: KyInstance = ky.create({
    prefix,
    timeout,
    // Retrying hides failures from the user for seconds; the product asks to tell them and let them refresh.
    retry: 0,
    hooks: {
      beforeRequest: [
        ({ request }) => {
          const state = useSession.getState();
          const token = currentArea() === 'admin' ? state.admin_token : state.token;
          if (token && !request.headers.has('Authorization'))
            request.headers.set('Authorization', `Bearer ${token}`);
          keepForWaitingRoom(request);
        },
      ],
      afterResponse: [
        // First: the answer after the wait is the one every other hook (and the caller) sees.
        ({ request, response }) => waitInLine(request, response),
        async ({ request, response }) => {
          syncPermissions(request, response, (authorization) =>
            instance.get('me', { headers: { Authorization: authorization } }),
          );
          if (response.status === 401 && !isPublicCall(request.url)) {
            useSession.getState().clearAll();
            handlers.onUnauthorized();
          } else if (response.status >= 500 && request.method === 'GET') {
            handlers.onServerError();
          } else if (response.status === 403 && (await isPasswordChangeRequired(response))) {
            handlers.onPasswordChangeRequired();
          }
        },
      ],
      beforeError: [
        ({ request, error }) => {
          // No response at all (server down, connection lost): same message as a 5xx for data fetches.
          // A request the page itself cancelled (navigation, a newer search) is not a server problem.
          const cancelled = error.name === 'AbortError' || request.signal?.aborted;
          if (error.name !== 'HTTPError' && !cancelled && request.method === 'GET') handlers.onServerError();
          return error;
        },
      ],
    },
  });
  return instance;
}

/** The one client every package uses. */
export const api: KyInstance = createApi();
