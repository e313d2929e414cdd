import { endpoint } from '@psb/api-client/http';
import {
  changePasswordResponseSchema,
  type LoginRequest,
  loginResponseSchema,
  messageResponseSchema,
  type RegisterRequest,
  type TokenLoginRequest,
  type TokenRegisterRequest,
  tokenLoginResponseSchema,
} from '@psb/contracts/auth';

/** Signing in (by account or voucher), registering, e-mail verification and password reset. */

const signedIn = endpoint(loginResponseSchema);
const voucherSignedIn = endpoint(tokenLoginResponseSchema);
const message = endpoint(messageResponseSchema);
const passwordChanged = endpoint(changePasswordResponseSchema);

export const login = (body: LoginRequest) => signedIn.post('public/login', { json: body });

/** A new parent account; the answer is its session. */
export const register = (body: RegisterRequest) => signedIn.post('public/register', { json: body });

export const forgotPassword = (body: { username: string }) =>
  message.post('public/forgot_password', { json: body });

export const verifyEmail = (body: { token: string }) => message.put('public/verification', { json: body });

/** Reset through the e-mailed link: no session involved. */
export const resetPassword = (body: { reset_token: string; password: string }) =>
  passwordChanged.put('public/change_password', { json: body });

/** POST user/token/register: a new parent account from an unused voucher (signed in at once). */
export const registerWithVoucher = (body: TokenRegisterRequest) =>
  voucherSignedIn.post('user/token/register', { json: body });

/** POST public/login_token: sign in with a voucher code and the account password. */
export const loginWithVoucher = (body: TokenLoginRequest) =>
  voucherSignedIn.post('public/login_token', { json: body });
