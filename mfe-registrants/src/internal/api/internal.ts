import { endpoint } from '@psb/api-client/http';
import { internalListResponseSchema, internalMarkResponseSchema } from '@psb/contracts/registrants-admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { registrantKeys } from '../../common/api/registrants';

/** Registrants marked as the foundation's own students (internal), and marking them. */
const internal = endpoint(internalListResponseSchema);
const marked = endpoint(internalMarkResponseSchema);

export const fetchInternal = (q: { page: number; search?: string }) =>
  internal.get('registrant/internal', {
    searchParams: { page: String(q.page), limit: '25', ...(q.search ? { search: q.search } : {}) },
  });

export const markInternal = (registrant_ids: number[], is_internal: boolean) =>
  marked.post('registrant/internal', { json: { registrant_ids, is_internal } });

export const internalQuery = (page: number, search: string) =>
  queryOptions({
    queryKey: registrantKeys.internal(page, search),
    queryFn: () => fetchInternal({ page, search: search || undefined }),
  });
export const useInternal = (page: number, search: string) =>
  useQuery({ ...internalQuery(page, search), placeholderData: keepPreviousData });
