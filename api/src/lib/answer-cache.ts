/**
 * A short-lived in-memory cache of computed answers by key: a hit within `ttlMs` is served from memory and
 * concurrent misses of one key share a single computation, so a burst of identical requests costs the
 * database one round. Expired answers are dropped on the next miss. Each instance has its own copy, so a
 * change shows everywhere within the TTL; ttlMs 0 disables it. The key must hold everything the answer
 * depends on (tenant, the caller's school scope, the filters).
 */
export function createAnswerCache<T>(ttlMs: number) {
  const entries = new Map<string, { value: T; expires: number }>();
  const pending = new Map<string, Promise<T>>();
  return async (key: string, load: () => Promise<T>): Promise<T> => {
    if (ttlMs <= 0) return load();
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    let p = pending.get(key);
    if (!p) {
      for (const [k, e] of entries) if (e.expires <= now) entries.delete(k);
      p = load()
        .then((value) => {
          entries.set(key, { value, expires: Date.now() + ttlMs });
          return value;
        })
        .finally(() => pending.delete(key));
      pending.set(key, p);
    }
    return p;
  };
}
