import { api, endpoint } from '@psb/api-client/http';
// The zod-free entry: this module is outside the lazy screens chunk (listSearchParams is a regular export).
import { PAGE_SIZE_DEFAULT } from '@psb/contracts/core';
import type { ResourceDecl } from '@psb/contracts/resources';

/** What a list page asks for; the query key and the request are both made from it. */
export interface ListParams {
  page: number;
  search: string;
  sort: { column: string; direction: 'asc' | 'desc' };
  /** Declared filter key → value ('' / undefined = not filtered). */
  filters: Record<string, string | undefined>;
  archived: boolean;
  pageSize?: number;
}

/** Query keys: everything about one resource sits under `['resource', name]`, so one call invalidates it. */
export const resourceKeys = {
  /** Every resource query: a change that can alter any picker or list (a role's schools, a setting). */
  root: ['resource'] as const,
  all: (name: string) => ['resource', name] as const,
  list: (name: string, params: ListParams) => ['resource', name, 'list', params] as const,
  options: (name: string, search: string, filters: Record<string, string> = {}) =>
    ['resource', name, 'options', search, filters] as const,
  one: (name: string, id: number) => ['resource', name, 'one', id] as const,
};

/** Query string of the list and the export: only what is set, in the api's names. */
export function listSearchParams(params: Omit<ListParams, 'page'> & { page?: number }): URLSearchParams {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(params.filters))
    if (value !== undefined && value !== '') q.set(key, value);
  const search = params.search.trim();
  if (search) q.set('search', search);
  q.set('sort_column', params.sort.column);
  q.set('sort_value', params.sort.direction);
  if (params.page !== undefined) {
    q.set('page', String(params.page));
    q.set('page_size', String(params.pageSize ?? PAGE_SIZE_DEFAULT));
  }
  if (params.archived) q.set('show_deleted', 'true');
  return q;
}

/*
 * No AbortSignal is handed to the client on purpose: the api client reports every GET that ends without a
 * response (an aborted one too) as the server-error message, so superseded requests finish and are ignored.
 */
/* The answers are parsed with the engine's generic schemas, loaded with the first call so zod stays out of this
 * module's chunk; a row keeps every column the engine sent (joined names included). */
const list = endpoint(() => import('@psb/contracts/resources').then((m) => m.anyListResponseSchema));
const record = endpoint(() => import('@psb/contracts/resources').then((m) => m.anyRecordResponseSchema));

export const fetchList = (decl: ResourceDecl, params: ListParams) =>
  list.get(decl.plural, { searchParams: listSearchParams(params) });

/** A few records for a picker, searched by the declaration's search refs. */
export const fetchOptions = (decl: ResourceDecl, search: string, filters: Record<string, string> = {}) =>
  fetchList(decl, { page: 1, pageSize: 20, search, sort: decl.defaultSort, filters, archived: false });

export const fetchRecord = (decl: ResourceDecl, id: number) => record.get(`${decl.name}/${id}`);

export const createRecord = (decl: ResourceDecl, body: unknown) => record.post(decl.name, { json: body });

export const updateRecord = (decl: ResourceDecl, id: number, body: unknown) =>
  record.put(`${decl.name}/${id}`, { json: body });

export const archiveRecord = (decl: ResourceDecl, id: number) => record.delete(`${decl.name}/${id}`);

export const restoreRecord = (decl: ResourceDecl, id: number) => record.post(`${decl.name}/restore/${id}`);

/**
 * The export as a file (bearer token through the api client). The server streams it without a length, so
 * progress is the number of bytes received so far.
 */
export async function fetchExport(
  decl: ResourceDecl,
  params: Omit<ListParams, 'page'>,
  onProgress?: (bytes: number) => void,
): Promise<Blob> {
  const searchParams = listSearchParams(params);
  searchParams.set('format', 'xlsx');
  return api
    .get(`${decl.plural}/export`, {
      searchParams,
      timeout: false,
      onDownloadProgress: onProgress ? (progress) => onProgress(progress.transferredBytes) : undefined,
    })
    .blob();
}

export { saveBlob } from '@psb/ui';
