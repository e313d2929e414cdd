import type { Options } from 'ky';
import type { z } from 'zod';
import { api } from './client';

type Method = 'get' | 'post' | 'put' | 'delete';
/** A zod schema of the contract, or a loader of one (keeps zod out of a chunk until the call is made). */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>);

/**
 * One api call shape whose answer is parsed with the contract's zod schema, so the data's type is the
 * schema's output and an answer that breaks the contract fails loudly here instead of deep in a page.
 *
 * ```ts
 * const registrant = endpoint(registrantResponseSchema);
 * export const fetchRegistrant = (id: number) => registrant.get(`registrant/${id}`).then((r) => r.data);
 * ```
 */
export function endpoint<S extends z.ZodType>(schema: SchemaSource<S>) {
  const load = typeof schema === 'function' ? schema : () => Promise.resolve(schema);
  const call =
    (method: Method) =>
    async (path: string, options?: Options): Promise<z.output<S>> => {
      const [body, loaded] = await Promise.all([api[method](path, options).json<unknown>(), load()]);
      return loaded.parse(body);
    };
  return { get: call('get'), post: call('post'), put: call('put'), delete: call('delete') };
}

/**
 * For the calls a landing page makes before it can draw (the first load of `/`, the parent's home, the staff
 * dashboard): typed by the contract's schema, not parsed, because parsing would put zod and the schema
 * modules (shared packages, loaded whole) on that page's first load. The server writes these answers through
 * the same schemas.
 */
export function bootEndpoint<S extends z.ZodType>() {
  return {
    get: (path: string, options?: Options): Promise<z.output<S>> => api.get(path, options).json(),
  };
}
