import { endpoint } from '@psb/api-client/http';
import { queryOptions } from '@tanstack/react-query';

const privacy = () => import('@psb/contracts/privacy');
const list = endpoint(() => privacy().then((m) => m.staffPrivacyRequestsResponseSchema));
const answered = endpoint(() => privacy().then((m) => m.privacyRequestResponseSchema));

export const privacyRequestsKey = ['privacy', 'requests'] as const;
export const privacyRequestsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: privacyRequestsKey,
    queryFn: () => list.get('privacy/requests').then((r) => r.data),
    enabled,
  });

export type Resolution = { action: 'carry_out' } | { action: 'refuse'; reason: string };
export const resolvePrivacyRequest = (id: number, body: Resolution) =>
  answered.post(`privacy/requests/${id}/resolve`, { json: body });
