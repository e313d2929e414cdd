import { endpoint } from '@psb/api-client/http';
import { type SessionSubjectsBody, sessionSubjectsResponseSchema } from '@psb/contracts/tests';

/** The subjects of a session and their score ranges. */
export const sessionSubjectKeys = { one: (id: number) => ['session-subjects', id] as const };

const subjects = endpoint(sessionSubjectsResponseSchema);

export const fetchSessionSubjects = (id: number) =>
  subjects.get(`mst_test_detail/subjects/${id}`).then((r) => r.data);
export const saveSessionSubjects = (id: number, body: SessionSubjectsBody) =>
  subjects.put(`mst_test_detail/subjects/${id}`, { json: body });
