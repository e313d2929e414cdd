import { api, endpoint } from '@psb/api-client/http';
import { duplicatesResponseSchema, staffAnswersResponseSchema } from '@psb/contracts/registrants-admin';
import type { ListFilters } from '../api';

/** The staff-tool calls: possible duplicates, answers edited by staff, the photos zip. */
const duplicates = endpoint(duplicatesResponseSchema);
const answers = endpoint(staffAnswersResponseSchema);

export const duplicateKeys = {
  of: (id: number) => ['registrant-admin', 'duplicates', id] as const,
};

export const fetchDuplicates = (id: number) =>
  duplicates.get(`registrant/duplicates/${id}`).then((r) => r.data);

export const saveStaffAnswers = (id: number, data: Record<string, unknown>) =>
  answers.put(`registrant/answer/${id}`, { json: { data } });

/** The photos zip of the current filters; it is built while it streams, so progress is in bytes. */
export const fetchPhotos = (f: ListFilters, onProgress: (bytes: number) => void) =>
  api
    .get('registrants/export/photo/admin', {
      searchParams: Object.fromEntries(
        Object.entries({ ...f, page: undefined, limit: undefined }).filter(
          ([, v]) => v !== undefined && v !== '',
        ),
      ) as Record<string, string>,
      timeout: false,
      onDownloadProgress: (p) => onProgress(p.transferredBytes),
    })
    .blob();
