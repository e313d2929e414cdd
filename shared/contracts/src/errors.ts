import { z } from './zod';

export { PASSWORD_CHANGE_REQUIRED } from './constants';

/** Every failed call answers with this body and the matching HTTP status. */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  /** Field name → Indonesian message, for 400 validation errors. */
  errors: z.record(z.string(), z.string()).optional(),
  /** Machine-readable reason, when the client must act on it (see PASSWORD_CHANGE_REQUIRED). */
  code: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** 503 of a call that admits new sessions or registrations while the server is at capacity (see waiting-line). */
export const waitingRoomResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  position: z.number().int().positive(),
  estimated_seconds: z.number().int().nonnegative(),
  ticket: z.string(),
});
