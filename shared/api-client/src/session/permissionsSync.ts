// Through the package's own subpath, so every build consumes the one shared session store.
import { type SessionArea, useSession } from '@psb/api-client/session';
import type { RoleModule } from '@psb/contracts';

/** Sent by the api on every authenticated answer; it changes whenever the caller's role permissions do. */
export const PERMISSIONS_VERSION_HEADER = 'x-permissions-version';
const STORAGE_KEY = 'psb-permissions-version';

/** Reads `/me` with the given Authorization header: its body carries the flags, its header their version. */
export type FetchMe = (authorization: string) => Promise<Response>;

type Known = Partial<Record<SessionArea, string>>;
const refreshing = new Set<SessionArea>();
/** Where no localStorage exists (tests in Node), the versions live as long as the page. */
let inMemory: Known = {};

function readKnown(): Known {
  const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
  if (!stored) return inMemory;
  try {
    return JSON.parse(stored) as Known;
  } catch {
    return {};
  }
}

function remember(area: SessionArea, version: string) {
  inMemory = { ...readKnown(), [area]: version };
  globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(inMemory));
}

function areaOf(authorization: string | null): SessionArea | null {
  if (!authorization) return null;
  const { token, admin_token } = useSession.getState();
  if (admin_token && authorization === `Bearer ${admin_token}`) return 'admin';
  if (token && authorization === `Bearer ${token}`) return 'user';
  return null;
}

/**
 * Keeps a signed-in area's permission flags in step with the server without a new login. The server already
 * judges every call by the current permissions; when an answer names a permission version this client has
 * not applied yet, the flags are read again from `/me` and stored, and every menu and button that reads
 * them from the session redraws. The version is per role and permission set, so an equal version means
 * equal flags: the flags from the login answer stay valid until the version moves.
 */
export function syncPermissions(request: Request, response: Response, fetchMe: FetchMe): void {
  const version = response.headers.get(PERMISSIONS_VERSION_HEADER);
  const authorization = request.headers.get('Authorization');
  const area = areaOf(authorization);
  if (!version || !authorization || !area || refreshing.has(area)) return;
  if (readKnown()[area] === version) return;
  refreshing.add(area);
  fetchMe(authorization)
    .then(async (me) => {
      const body = (await me.json()) as { role_modules?: RoleModule[] };
      // Signed out or in as someone else meanwhile: these flags belong to nobody now.
      if (areaOf(authorization) !== area || !Array.isArray(body.role_modules)) return;
      useSession.getState().setRoleModules(area, body.role_modules);
      remember(area, me.headers.get(PERMISSIONS_VERSION_HEADER) ?? version);
    })
    .catch(() => {
      // The next authenticated answer tries again.
    })
    .finally(() => refreshing.delete(area));
}
