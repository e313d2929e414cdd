import {
  type Audience,
  type DeliveryStatus,
  NOTIFICATION_KIND_INFO,
  type NotificationKind,
  type NotificationTemplate,
} from '@psb/contracts';
import type { FastifyRequest } from 'fastify';
import { createTrackedJob, setTrackedTotal, trackedJobByRequestKey } from '../../../jobs/tracking';
import { countAudience, enqueueAudience, previewAudience } from './audience';
import { kickDelivery } from './outbox';
import * as repo from './repository';
import { assertKnownPlaceholders, saveTemplate } from './templates';
import { loadTemplate } from './tenant-templates';

const PREVIEW_SAMPLES = 3;

export const getTemplate = (req: FastifyRequest, kind: NotificationKind) =>
  req.db(async (c) => ({ key: kind, ...(await loadTemplate(c, kind)) }));

export async function putTemplate(req: FastifyRequest, kind: NotificationKind, t: NotificationTemplate) {
  assertKnownPlaceholders(t);
  await req.db((c) => saveTemplate(c, kind, t));
  return { key: kind, ...t, is_default: false };
}

/** How many would receive the message, and the first few messages exactly as they would be sent. */
export function preview(req: FastifyRequest, kind: NotificationKind, a: Audience) {
  return req.db(async (c) => {
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
  req: FastifyRequest,
  kind: NotificationKind,
  a: Audience & { request_key: string },
) {
  const earlier = await req.db((c) => trackedJobByRequestKey(c, a.request_key));
  if (earlier) return { job_id: earlier.id, count: earlier.total };
  const { request_key, ...audience } = a;
  const result = await req.tx(async (c) => {
    const t = await loadTemplate(c, kind);
    const jobId = await createTrackedJob(c, {
      kind: `notification.${kind}`,
      label: `Notifikasi ${NOTIFICATION_KIND_INFO[kind].label}`,
      requestKey: request_key,
      params: audience,
      createdBy: req.auth?.user.id ?? null,
      status: 'running',
    });
    const count = await enqueueAudience(c, audience, { ...t, key: kind }, `${kind}:${request_key}:`, jobId);
    await setTrackedTotal(c, jobId, count);
    return { job_id: jobId, count };
  });
  await kickDelivery(req.server.ctx.jobs, req.tenant.id);
  return result;
}

export async function parentInbox(req: FastifyRequest) {
  const userId = req.auth!.user.id;
  return req.db(async (c) => {
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

export const markRead = (req: FastifyRequest, ids: number[] | undefined) =>
  req.db((c) => repo.markRead(c, req.auth!.user.id, ids));

export async function deliveryLog(req: FastifyRequest, filter: { status?: DeliveryStatus; job_id?: number }) {
  const rows = await req.db((c) => repo.deliveryLog(c, filter, 200));
  return rows.map((r) => ({
    ...r,
    channel: r.channel as 'email' | 'whatsapp',
    status: r.status as 'pending' | 'sending' | 'sent' | 'failed',
    created_at: r.created_at.toISOString(),
    sent_at: r.sent_at ? r.sent_at.toISOString() : null,
  }));
}
