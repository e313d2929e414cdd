import { endpoint, resolveApiBase } from '@psb/api-client/http';
import {
  type ContentKey,
  contentResponseSchema,
  type RegistrationStatusRequest,
  registrationStatusResponseSchema,
} from '@psb/contracts/parent';
import { queryOptions } from '@tanstack/react-query';

/** Information pages: content kept apart from the first page, the public status check, the guide PDF. */

const content = endpoint(contentResponseSchema);
const status = endpoint(registrationStatusResponseSchema);

/**
 * The content's shape differs per key and the contract leaves it open (`unknown`); each page names the shape
 * it renders and checks what it reads.
 */
export const fetchContent = <T = unknown>(key: ContentKey) =>
  content.get(`public/content/${key}`).then((r) => (r.data ?? null) as T | null);

export const contentQuery = <T>(key: ContentKey) =>
  queryOptions({
    queryKey: ['public', 'content', key] as const,
    queryFn: () => fetchContent<T>(key),
    staleTime: 5 * 60_000,
  });

/** Public status check: registration number and the child's birth date; masked name and status only. */
export const registrationStatus = (body: RegistrationStatusRequest) =>
  status.post('public/registrant/status', { json: body }).then((r) => r.data);

/** Where the interview guide PDF is served (a plain link: the browser opens or downloads it). */
export const interviewGuidePdfUrl = () => `${resolveApiBase()}/public/panduan_wawancara`;
