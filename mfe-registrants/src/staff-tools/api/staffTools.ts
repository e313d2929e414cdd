import { api, endpoint } from '@psb/api-client/http';
import { duplicatesResponseSchema, staffAnswersResponseSchema } from '@psb/contracts/registrants-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ListFilters, registrantKeys, searchParams } from '../../common/api/registrants';

/** The staff-tool calls: possible duplicates, answers edited by staff, the photos zip. */
const duplicates = endpoint(duplicatesResponseSchema);
const answers = endpoint(staffAnswersResponseSchema);

export const fetchDuplicates = (id: number) =>
  duplicates.get(`registrant/duplicates/${id}`).then((r) => r.data);

export const duplicatesQuery = (id: number) =>
  queryOptions({ queryKey: registrantKeys.duplicates(id), queryFn: () => fetchDuplicates(id) });
export const useDuplicates = (id: number) => useQuery(duplicatesQuery(id));

export const saveStaffAnswers = (id: number, data: Record<string, unknown>) =>
  answers.put(`registrant/answer/${id}`, { json: { data } });

/** The photos zip of the current filters; it is built while it streams, so progress is in bytes. */
export const fetchPhotos = (f: ListFilters, onProgress: (bytes: number) => void) =>
  api
    .get('registrants/export/photo/admin', {
      searchParams: searchParams({ ...f, page: undefined, limit: undefined }),
      timeout: false,
      onDownloadProgress: (p) => onProgress(p.transferredBytes),
    })
    .blob();
