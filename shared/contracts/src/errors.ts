import { z } from 'zod';

/** Every failed call answers with this body and the matching HTTP status. */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  /** Field name → Indonesian message, for 400 validation errors. */
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
