import { type Action, errorResponseSchema, type ModuleName } from '@psb/contracts';

/**
 * What the staff routes of one module declare again and again: the module permission per action, their
 * OpenAPI tag, bearer auth and the shape of their 4xx answers.
 */
export function staffRouteOptions<M extends ModuleName>(module: M, tag: string) {
  const access = <A extends Action>(action: A) => ({ access: { module, action } }) as const;
  return {
    read: access('read'),
    insert: access('insert'),
    update: access('update'),
    remove: access('delete'),
    tags: [tag],
    security: [{ bearerAuth: [] }],
    errors: { '4xx': errorResponseSchema },
  };
}
