import { type Action, errorResponseSchema, type ModuleName } from '@psb/contracts';

/** The shape every route documents for its 4xx answers. */
export const errorResponses = { '4xx': errorResponseSchema };

/** OpenAPI security of a route that needs a signed-in account (staff or parent). */
export const bearerSecurity = [{ bearerAuth: [] }];

/**
 * What the staff routes of one module declare again and again: the module permission per action, their
 * OpenAPI tag, bearer auth and the shape of their 4xx answers. A file serving several modules calls it once
 * per module.
 */
export function staffRouteOptions<M extends ModuleName>(module: M, tag: string) {
  const access = <A extends Action>(action: A) => ({ access: { module, action } }) as const;
  return {
    read: access('read'),
    insert: access('insert'),
    update: access('update'),
    remove: access('delete'),
    tags: [tag],
    security: bearerSecurity,
    errors: errorResponses,
  };
}
