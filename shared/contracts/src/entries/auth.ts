/** `@psb/contracts/auth`: sign-in, registration, password and profile calls, voucher sign-in included. */
export * from '../auth';
export * from '../validation';
export {
  normalizeVoucher,
  type TokenLoginRequest,
  type TokenRegisterRequest,
  tokenLoginResponseSchema,
  tokenLoginSchema,
  tokenRegisterSchema,
  VOUCHER_MSG,
} from '../vouchers';
