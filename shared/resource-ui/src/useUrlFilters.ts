import { useSearchParams } from '@psb/router';
import { useMemo } from 'react';

export type UrlFilters = Partial<Record<string, string>>;

/**
 * A list's filters kept in the URL, so a copied link reproduces the view. Only `keys` (the api's filter
 * names) are read; the sidebar's `t` stays behind. Changing any filter but the page goes back to the first
 * page. `archived` lists carry `show_deleted=true`.
 */
export function useUrlFilters<F extends UrlFilters>(keys: readonly (keyof F & string)[], archived = false) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => {
    const f: UrlFilters = {};
    for (const key of keys) {
      const v = params.get(key);
      if (v) f[key] = v;
    }
    if (archived) f.show_deleted = 'true';
    else delete f.show_deleted;
    return f as F;
  }, [params, archived, keys]);
  const set = (changes: F) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('t');
        for (const [k, v] of Object.entries(changes)) {
          if (v === undefined || v === '') next.delete(k);
          else next.set(k, v as string);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  const clear = () => setParams(new URLSearchParams(), { replace: true });
  return { filters, set, clear };
}
