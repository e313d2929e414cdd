import { api, endpoint } from '@psb/api-client/http';
import { bulkResponseSchema, registrantAdminListResponseSchema } from '@psb/contracts/registrants-admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ListFilters, registrantKeys, searchParams } from '../../common/api/registrants';

/** The staff list of registrants: the page, the bulk actions, the applicants file. */
const list = endpoint(registrantAdminListResponseSchema);
const bulkResult = endpoint(bulkResponseSchema);

export const fetchRegistrants = (f: ListFilters) =>
  list.get('registrants/admin', { searchParams: searchParams(f) });
export const registrantsQuery = (f: ListFilters) =>
  queryOptions({ queryKey: registrantKeys.list(f), queryFn: () => fetchRegistrants(f) });
export const useRegistrants = (f: ListFilters) =>
  useQuery({ ...registrantsQuery(f), placeholderData: keepPreviousData });

export const bulk = (action: 'verify' | 'archive' | 'restore', ids: number[]) =>
  bulkResult.put('registrant/bulk', { json: { action, ids } });

/** The applicants file of the current filters; the server sends its length, so progress is a fraction. */
export const fetchApplicants = (f: ListFilters, onProgress: (percent: number, bytes: number) => void) =>
  api
    .get('registrants/export/admin', {
      searchParams: { ...searchParams({ ...f, page: undefined, limit: undefined }), format: 'xlsx' },
      timeout: false,
      onDownloadProgress: (p) => onProgress(Math.round(p.percent * 100), p.transferredBytes),
    })
    .blob();
