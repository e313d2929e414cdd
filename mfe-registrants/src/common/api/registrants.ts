import type { RegistrantAdminQuery } from '@psb/contracts/registrants-admin';
import type { QueryClient } from '@tanstack/react-query';

/**
 * What every feature of this remote reads about registrants sits under one key root, so a change made on any
 * screen (verify, bill, attach an account, mark internal, edit answers) is read again everywhere.
 */
const ROOT = ['registrant-admin'] as const;

export const registrantKeys = {
  list: (f: ListFilters) => [...ROOT, 'list', f] as const,
  one: (id: number) => [...ROOT, 'one', id] as const,
  info: (id: number) => [...ROOT, 'info', id] as const,
  duplicates: (id: number) => [...ROOT, 'duplicates', id] as const,
  siblings: (id: number) => [...ROOT, 'siblings', id] as const,
  internal: (page: number, search: string) => [...ROOT, 'internal', page, search] as const,
};

export const invalidateRegistrants = (client: QueryClient) => client.invalidateQueries({ queryKey: ROOT });

/** One registrant's answers changed: its record, its detail and every duplicate check (others may match it now). */
export const invalidateAnswersOf = (client: QueryClient, id: number) =>
  Promise.all([
    client.invalidateQueries({ queryKey: registrantKeys.one(id) }),
    client.invalidateQueries({ queryKey: registrantKeys.info(id) }),
    client.invalidateQueries({ queryKey: [...ROOT, 'duplicates'] }),
  ]);

/** The staff list's filters as they sit in the URL. */
export type ListFilters = Partial<Record<keyof RegistrantAdminQuery, string>>;

/** Only what is set, as the api's query string. */
export const searchParams = (f: ListFilters) =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string
  >;
