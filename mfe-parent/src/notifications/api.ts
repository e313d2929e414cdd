import { bootEndpoint, endpoint } from '@psb/api-client/http';
import type { inboxResponseSchema } from '@psb/contracts/notifications';

// The bell is on the home page: its inbox is typed by the contract, so the home's first chunk does not wait
// for zod and the schemas; marking read parses its answer with a schema loaded with the call.
const inbox = bootEndpoint<typeof inboxResponseSchema>();
const read = endpoint(() => import('@psb/contracts/auth').then((m) => m.messageResponseSchema));

export const inboxKey = ['notifications', 'inbox'] as const;
export const inboxQuery = () => ({
  queryKey: inboxKey,
  queryFn: () => inbox.get('notifications').then((r) => r.data),
  // New messages arrive while the page is open (a send job runs in the background).
  refetchInterval: 60_000,
});
export const markRead = (ids?: number[]) => read.put('notifications/read', { json: ids ? { ids } : {} });
