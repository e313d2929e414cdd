import { endpoint } from '@psb/api-client/http';
import {
  type Audience,
  deliveryLogResponseSchema,
  NOTIFICATION_KIND_INFO,
  type NotificationKind,
  type NotificationTemplate,
  notificationPreviewResponseSchema,
  notificationTemplateResponseSchema,
  sendNotificationResponseSchema,
} from '@psb/contracts/notifications';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';

const template = endpoint(notificationTemplateResponseSchema);
const preview = endpoint(notificationPreviewResponseSchema);
const send = endpoint(sendNotificationResponseSchema);
const log = endpoint(deliveryLogResponseSchema);

export const getTemplate = (kind: NotificationKind) =>
  template.get(NOTIFICATION_KIND_INFO[kind].templatePath).then((r) => r.data);
export const saveTemplate = (kind: NotificationKind, t: NotificationTemplate) =>
  template.put(NOTIFICATION_KIND_INFO[kind].templatePath, { json: t }).then((r) => r.data);

export const previewAudience = (kind: NotificationKind, a: Audience) =>
  preview.post(`${NOTIFICATION_KIND_INFO[kind].sendPath}/preview`, { json: a }).then((r) => r.data);
export const sendToAudience = (kind: NotificationKind, a: Audience, requestKey: string) =>
  send.post(NOTIFICATION_KIND_INFO[kind].sendPath, { json: { ...a, request_key: requestKey } });

export const getDeliveryLog = (jobId: number | null) =>
  log.get('notifications/log', { searchParams: jobId ? { job_id: jobId } : {} }).then((r) => r.data);

export const templateQuery = (kind: NotificationKind) =>
  queryOptions({ queryKey: ['notification_template', kind] as const, queryFn: () => getTemplate(kind) });
export const useTemplate = (kind: NotificationKind) => useQuery(templateQuery(kind));

/** Every preview of a kind sits under its kind, so a saved template makes them all stale at once. */
const previewsOf = (kind: NotificationKind) => ['notification_preview', kind] as const;
export const previewQuery = (kind: NotificationKind, a: Audience | null) =>
  queryOptions({
    queryKey: [...previewsOf(kind), a] as const,
    queryFn: () => previewAudience(kind, a!),
  });
/** Asked only once staff ask to see the audience (`a` set). */
export const usePreview = (kind: NotificationKind, a: Audience | null) =>
  useQuery({ ...previewQuery(kind, a), enabled: a !== null });
export const invalidatePreviews = (client: QueryClient, kind: NotificationKind) =>
  client.invalidateQueries({ queryKey: previewsOf(kind) });

export const deliveryLogQuery = (jobId: number | null) =>
  queryOptions({ queryKey: ['notifications_log', jobId] as const, queryFn: () => getDeliveryLog(jobId) });
/** Asked again every 5 s while a send is running (`live`). */
export const useDeliveryLog = (jobId: number | null, live: boolean) =>
  useQuery({ ...deliveryLogQuery(jobId), refetchInterval: live ? 5000 : false });
