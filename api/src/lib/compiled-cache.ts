import type { Compilable, CompiledQuery } from 'kysely';

/**
 * Compiled queries remembered by everything their text and values are built from, for a query asked the same
 * way again and again (a list refreshed, paged back and forth): building and compiling it with Kysely costs
 * more than running its prepared plan. The key must hold every input of `build`.
 */
export function compiledCache<R>(max = 500) {
  const cache = new Map<string, CompiledQuery<R>>();
  return (key: string, build: () => Compilable<R>): Compilable<R> => {
    let compiled = cache.get(key);
    if (!compiled) {
      compiled = build().compile();
      // Many different inputs (searches) must not grow it without bound.
      if (cache.size >= max) cache.clear();
      cache.set(key, compiled);
    }
    const known = compiled;
    return { compile: () => known };
  };
}
