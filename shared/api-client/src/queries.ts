import { queryOptions } from '@tanstack/react-query';
import { getMe } from './endpoints/me';
import { getFirstPage, getTheme } from './endpoints/publicContent';
import { currentArea } from './http/area';

export const queryKeys = {
  theme: ['public', 'theme'] as const,
  firstPage: ['public', 'first_page'] as const,
  me: (area: string) => ['me', area] as const,
};

export const themeQuery = () =>
  queryOptions({ queryKey: queryKeys.theme, queryFn: getTheme, staleTime: Infinity });

export const firstPageQuery = () =>
  queryOptions({ queryKey: queryKeys.firstPage, queryFn: getFirstPage, staleTime: 5 * 60_000 });

/** The signed-in person of the current area (parent or staff): the key includes the area. */
export const meQuery = () => queryOptions({ queryKey: queryKeys.me(currentArea()), queryFn: getMe });
