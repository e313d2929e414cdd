import { bootEndpoint } from '@psb/api-client/http';
import type { FirstPage, firstPageResponseSchema } from '@psb/contracts/public';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * GET public/first_page: the texts, contacts, FAQ and module flags of the public pages. On the first load of
 * `/`, so typed from the contract without parsing (see bootEndpoint).
 */
const firstPage = bootEndpoint<typeof firstPageResponseSchema>();

/**
 * The same answer, sent inside the home page by the server that drew its first view (`#psb-first-page`):
 * read once, so the home renders without waiting for the request.
 */
const embedded: { page: FirstPage; at: number } | undefined = (() => {
  const text =
    typeof document === 'undefined' ? null : document.getElementById('psb-first-page')?.textContent;
  if (!text) return undefined;
  try {
    return { page: JSON.parse(text) as FirstPage, at: Date.now() };
  } catch {
    return undefined;
  }
})();

/**
 * The home's Markdown texts as the server rendered them for that first view, keyed by their source: a text
 * still unchanged shows that HTML, so the first visit loads no Markdown renderer.
 */
const serverRendered: Record<string, string> = (() => {
  const text =
    typeof document === 'undefined' ? null : document.getElementById('psb-first-html')?.textContent;
  try {
    return text ? (JSON.parse(text) as Record<string, string>) : {};
  } catch {
    return {};
  }
})();
export const serverHtml = (markdown: string): string | undefined =>
  Object.hasOwn(serverRendered, markdown) ? serverRendered[markdown] : undefined;

export const fetchFirstPage = () => firstPage.get('public/first_page');
export const firstPageQuery = () =>
  queryOptions({
    queryKey: ['public', 'first_page'] as const,
    queryFn: fetchFirstPage,
    staleTime: 5 * 60_000,
    initialData: embedded?.page,
    initialDataUpdatedAt: embedded?.at,
  });
export const useFirstPage = () => useQuery(firstPageQuery());
