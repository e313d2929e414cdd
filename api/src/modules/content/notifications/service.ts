import {
  type Audience,
  type DeliveryStatus,
  NOTIFICATION_KIND_INFO,
  type NotificationKind,
  type NotificationTemplate,
} from '@psb/contracts';
import { createTrackedJob, setTrackedTotal, trackedJobByRequestKey } from '../../../jobs/tracking';
import type { ServiceContext } from '../../../service-context';
import { countAudience, enqueueAudience, previewAudience } from './audience';
import { kickDelivery } from './outbox';
import * as repo from './repository';
import { assertKnownPlaceholders, saveTemplate } from './templates';
import { loadTemplate } from './tenant-templates';

const PREVIEW_SAMPLES = 3;

export const getTemplate = (sc: ServiceContext, kind: NotificationKind) =>
  sc.db(async (c) => ({ key: kind, ...(await loadTemplate(c, kind)) }));

export async function putTemplate(sc: ServiceContext, kind: NotificationKind, t: NotificationTemplate) {
  assertKnownPlaceholders(t);
  await sc.db((c) => saveTemplate(c, kind, t));
  return { key: kind, ...t, is_default: false };
}

/** How many would receive the message, and the first few messages exactly as they would be sent. */
export function preview(sc: ServiceContext, kind: NotificationKind, a: Audience) {
  return sc.db(async (c) => {
    const t = await loadTemplate(c, kind);
    const [count, samples] = await Promise.all([
      countAudience(c, a),
      previewAudience(c, a, t, PREVIEW_SAMPLES),
    ]);
    return { count, samples };
  });
}

/**
 * Writes one outbox message per registrant of the audience in one INSERT … SELECT, together with the job
 * row staff follow, and asks for delivery; the request returns before anything is sent. The same request
 * key again answers with the job it started.
 */
export async function send(
  sc: ServiceContext,
  kind: NotificationKind,
  a: Audience & { request_key: string },
) {
  const earlier = await sc.db((c) => trackedJobByRequestKey(c, a.request_key));
  if (earlier) return { job_id: earlier.id, count: earlier.total };
  const { request_key, ...audience } = a;
  const result = await sc.tx(async (c) => {
    const t = await loadTemplate(c, kind);
    const jobId = await createTrackedJob(c, {
      kind: `notification.${kind}`,
      label: `Notifikasi ${NOTIFICATION_KIND_INFO[kind].label}`,
      requestKey: request_key,
      params: audience,
      createdBy: sc.auth?.user.id ?? null,
      status: 'running',
    });
    const count = await enqueueAudience(c, audience, { ...t, key: kind }, `${kind}:${request_key}:`, jobId);
    await setTrackedTotal(c, jobId, count);
    return { job_id: jobId, count };
  });
  await kickDelivery(sc.deps.jobs, sc.tenant.id);
  return result;
}

export async function parentInbox(sc: ServiceContext) {
  const userId = sc.auth!.user.id;
  return sc.db(async (c) => {
    const [unread, rows] = await Promise.all([repo.unreadCount(c, userId), repo.inbox(c, userId, 50)]);
    return {
      unread,
      messages: rows.map((r) => ({
        id: r.id,
        subject: r.subject,
        body: r.body,
        created_at: r.created_at.toISOString(),
        read: r.read_at !== null,
      })),
    };
  });
}

export const markRead = (sc: ServiceContext, ids: number[] | undefined) =>
  sc.db((c) => repo.markRead(c, sc.auth!.user.id, ids));

export async function deliveryLog(sc: ServiceContext, filter: { status?: DeliveryStatus; job_id?: number }) {
  const rows = await sc.db((c) => repo.deliveryLog(c, filter, 200));
  return rows.map((r) => ({
    ...r,
    channel: r.channel as 'email' | 'whatsapp',
    status: r.status as 'pending' | 'sending' | 'sent' | 'failed',
    created_at: r.created_at.toISOString(),
    sent_at: r.sent_at ? r.sent_at.toISOString() : null,
  }));
}
