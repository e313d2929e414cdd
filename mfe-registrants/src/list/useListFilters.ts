import { registrantAdminQuerySchema } from '@psb/contracts/registrants-admin';
import { useSearchParams } from '@psb/router';
import { useMemo } from 'react';
import type { ListFilters } from '../api';

/** The api's filter names: only these leave the URL for the server (the sidebar's `t` stays behind). */
const KEYS = Object.keys(registrantAdminQuerySchema.shape) as (keyof ListFilters)[];

/**
 * The list's filters live in the URL, so a copied link reproduces the view. Changing any filter but the page
 * goes back to the first page.
 */
export function useListFilters(archived: boolean) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => {
    const f: ListFilters = {};
    for (const key of KEYS) {
      const v = params.get(key);
      if (v) f[key] = v;
    }
    if (archived) f.show_deleted = 'true';
    else delete f.show_deleted;
    return f;
  }, [params, archived]);
  const set = (changes: ListFilters) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('t');
        for (const [k, v] of Object.entries(changes)) {
          if (v === undefined || v === '') next.delete(k);
          else next.set(k, v);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  const clear = () => setParams(new URLSearchParams(), { replace: true });
  return { filters, set, clear };
}
