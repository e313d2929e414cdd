import { currentArea, endpoint } from '@psb/api-client/http';
import { useSession } from '@psb/api-client/session';
import {
  type ChangePasswordRequest,
  changePasswordResponseSchema,
  meResponseSchema,
  type UpdateProfileRequest,
} from '@psb/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** The signed-in parent: profile read and update, password change. */

export const meKeys = { me: (area: string) => ['me', area] as const };

const me = endpoint(meResponseSchema);
const passwordChanged = endpoint(changePasswordResponseSchema);

export const fetchMe = () => me.get('me');
/** The key includes the area: parent and staff are different people on one device. */
export const meQuery = () => queryOptions({ queryKey: meKeys.me(currentArea()), queryFn: fetchMe });
export const useMe = () => useQuery(meQuery());

/** PUT /me answers like GET /me. */
export const updateMe = (body: UpdateProfileRequest) => me.put('me', { json: body });

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
