import { bootEndpoint, currentArea, endpoint } from '@psb/api-client/http';
import { useSession } from '@psb/api-client/session';
import type { ChangePasswordRequest, meResponseSchema, UpdateProfileRequest } from '@psb/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** The signed-in parent: profile read and update, password change. */

export const meKeys = { me: (area: string) => ['me', area] as const };

// The home page greets the parent from GET /me: typed by the contract, so the home's first chunk does not wait
// for zod and the schemas. The profile's own calls parse their answers with schemas loaded with the call.
const auth = () => import('@psb/contracts/auth');
const me = bootEndpoint<typeof meResponseSchema>();
const meUpdated = endpoint(() => auth().then((m) => m.meResponseSchema));
const passwordChanged = endpoint(() => auth().then((m) => m.changePasswordResponseSchema));

export const fetchMe = () => me.get('me');
/** The key includes the area: parent and staff are different people on one device. */
export const meQuery = () => queryOptions({ queryKey: meKeys.me(currentArea()), queryFn: fetchMe });
export const useMe = () => useQuery(meQuery());

/** PUT /me answers like GET /me. */
export const updateMe = (body: UpdateProfileRequest) => meUpdated.put('me', { json: body });

/**
 * A signed-in password change. The server revokes the old token, so the new one is stored in the session of
 * the area the user is in, or the next call would sign them out.
 */
export async function changeOwnPassword(
  body: Required<Pick<ChangePasswordRequest, 'old_password' | 'password'>>,
) {
  const area = currentArea();
  const result = await passwordChanged.put('public/change_password', { json: body });
  if (result.token) useSession.getState().setToken(area, result.token);
  return result;
}
