import { endpoint } from '@psb/api-client/http';
import { messageResponseSchema } from '@psb/contracts/auth';
import { inboxResponseSchema } from '@psb/contracts/notifications';

const inbox = endpoint(inboxResponseSchema);
const read = endpoint(messageResponseSchema);

export const inboxKey = ['notifications', 'inbox'] as const;
export const inboxQuery = () => ({
  queryKey: inboxKey,
  queryFn: () => inbox.get('notifications').then((r) => r.data),
  // New messages arrive while the page is open (a send job runs in the background).
  refetchInterval: 60_000,
});
export const markRead = (ids?: number[]) => read.put('notifications/read', { json: ids ? { ids } : {} });
