import { endpoint } from '@psb/api-client/http';
import {
  type Audience,
  deliveryLogResponseSchema,
  jobsResponseSchema,
  NOTIFICATION_KIND_INFO,
  type NotificationKind,
  type NotificationTemplate,
  notificationPreviewResponseSchema,
  notificationTemplateResponseSchema,
  sendNotificationResponseSchema,
} from '@psb/contracts/notifications';

const template = endpoint(notificationTemplateResponseSchema);
const preview = endpoint(notificationPreviewResponseSchema);
const send = endpoint(sendNotificationResponseSchema);
const log = endpoint(deliveryLogResponseSchema);
const jobs = endpoint(jobsResponseSchema);

export const templateKey = (kind: NotificationKind) => ['notification_template', kind] as const;
export const getTemplate = (kind: NotificationKind) =>
  template.get(NOTIFICATION_KIND_INFO[kind].templatePath).then((r) => r.data);
export const saveTemplate = (kind: NotificationKind, t: NotificationTemplate) =>
  template.put(NOTIFICATION_KIND_INFO[kind].templatePath, { json: t }).then((r) => r.data);

export const previewAudience = (kind: NotificationKind, a: Audience) =>
  preview.post(`${NOTIFICATION_KIND_INFO[kind].sendPath}/preview`, { json: a }).then((r) => r.data);
export const sendToAudience = (kind: NotificationKind, a: Audience, requestKey: string) =>
  send.post(NOTIFICATION_KIND_INFO[kind].sendPath, { json: { ...a, request_key: requestKey } });

export const deliveryLogKey = (jobId: number | null) => ['notifications_log', jobId] as const;
export const getDeliveryLog = (jobId: number | null) =>
  log.get('notifications/log', { searchParams: jobId ? { job_id: jobId } : {} }).then((r) => r.data);

export const jobsKey = ['background_jobs'] as const;
export const getJobs = () => jobs.get('jobs').then((r) => r.data);
