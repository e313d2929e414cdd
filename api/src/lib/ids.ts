import { z } from 'zod';
import { idParamsSchema } from '../engine';

/**
 * The one id rule of the api: `:id` params and id fields of hand-written routes come from here, so a stricter
 * id (e.g. refusing `true`, `" 1 "`, `1e3`) lands everywhere at once. The engine's own routes use the same
 * schema.
 */
export { idParamsSchema };

/** One id value (a param or query field named otherwise than `id`). */
export const idSchema = idParamsSchema.shape.id;

/** Params `{ [name]: id }`. */
export const idParams = <K extends string>(name: K) =>
  z.object({ [name]: idSchema } as { [P in K]: typeof idSchema });
