import { listResponseSchema, recordResponseSchema } from '@psb/contracts/resources';
import { z } from 'zod';

/**
 * A record as the engine sends it: an integer id, the archive stamp and the declaration's fields, kept as they
 * come (a declaration's fields differ per resource; the screens read them through `describe.ts`).
 */
const engineRecordSchema = z
  .object({ id: z.number().int(), deleted_at: z.string().nullable().optional() })
  .loose();

export const listSchema = listResponseSchema(engineRecordSchema);
export const recordSchema = recordResponseSchema(engineRecordSchema);
