import { endpoint } from '@psb/api-client/http';
import {
  type SessionSubjects,
  type SessionSubjectsBody,
  sessionSubjectsResponseSchema,
} from '@psb/contracts/tests';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';

/** The subjects of a session and their score ranges. */
const sessionSubjectKeys = { one: (id: number) => ['session-subjects', id] as const };

const subjects = endpoint(sessionSubjectsResponseSchema);

export const fetchSessionSubjects = (id: number) =>
  subjects.get(`mst_test_detail/subjects/${id}`).then((r) => r.data);
export const saveSessionSubjects = (id: number, body: SessionSubjectsBody) =>
  subjects.put(`mst_test_detail/subjects/${id}`, { json: body });

export const sessionSubjectsQuery = (id: number) =>
  queryOptions({ queryKey: sessionSubjectKeys.one(id), queryFn: () => fetchSessionSubjects(id) });
/** Fetched fresh on every opening (the editor starts from it), never refetched under the user's edits. */
export const useSessionSubjects = (id: number) =>
  useQuery({ ...sessionSubjectsQuery(id), gcTime: 0, refetchOnWindowFocus: false });
export const storeSessionSubjects = (client: QueryClient, id: number, data: SessionSubjects) =>
  client.setQueryData(sessionSubjectsQuery(id).queryKey, data);
