import type { ChangePasswordRequest, LoginRequest, LoginResponse, RegisterRequest } from '@psb/contracts';
import { currentArea } from '../http/area';
import { api } from '../http/client';
import { useSession } from '../session/sessionStore';

export interface MessageResponse {
  success: true;
  message: string;
}
export interface ChangePasswordResponse extends MessageResponse {
  token?: string;
}

export const login = (body: LoginRequest) => api.post('public/login', { json: body }).json<LoginResponse>();

export const register = (body: RegisterRequest) =>
  api.post('public/register', { json: body }).json<MessageResponse>();

export const forgotPassword = (body: { username: string }) =>
  api.post('public/forgot_password', { json: body }).json<MessageResponse>();

export const verifyEmail = (body: { token: string }) =>
  api.put('public/verification', { json: body }).json<MessageResponse>();

/** Reset through the e-mailed link: no session involved. */
export const resetPassword = (body: { reset_token: string; password: string }) =>
  api.put('public/change_password', { json: body }).json<ChangePasswordResponse>();

/**
 * A signed-in password change. The server revokes the old token, so the new one is stored in the session of
 * the area the user is in, or the next call would sign them out.
 */
export async function changeOwnPassword(
  body: Required<Pick<ChangePasswordRequest, 'old_password' | 'password'>>,
) {
  const area = currentArea();
  const result = await api.put('public/change_password', { json: body }).json<ChangePasswordResponse>();
  if (result.token) useSession.getState().setToken(area, result.token);
  return result;
}

/** Ends the server session of the current area; the caller clears the local one whatever happens. */
export const logout = () => api.post('logout').json<MessageResponse>();
