import {
  type NotificationKind,
  type NotificationTemplate,
  type OfferMessageKind,
  unknownNotificationPlaceholders,
  unknownPlaceholderMessage,
} from '@psb/contracts';
import { sql } from 'kysely';
import type { TenantConn } from '../../../db/tenant-db';
import { HttpError } from '../../../lib/http-error';

/** Refuses a template naming a placeholder we cannot fill, naming each unknown one. */
export function assertKnownPlaceholders(t: NotificationTemplate) {
  const subject = unknownNotificationPlaceholders(t.subject);
  const body = unknownNotificationPlaceholders(t.body);
  if (subject.length === 0 && body.length === 0) return;
  const fields: Record<string, string> = {};
  if (subject.length) fields.subject = unknownPlaceholderMessage(subject);
  if (body.length) fields.body = unknownPlaceholderMessage(body);
  throw new HttpError(400, unknownPlaceholderMessage([...new Set([...subject, ...body])]), fields);
}

/** Saves the tenant's text of a template (a notification kind, or another domain's message key). */
export async function saveTemplate(
  { db, tenantId }: TenantConn,
  key: NotificationKind | OfferMessageKind,
  t: NotificationTemplate,
) {
  await db
    .insertInto('notification_templates')
    .values({ tenant_id: tenantId, key, subject: t.subject, body: t.body })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'key'])
        .doUpdateSet({ subject: t.subject, body: t.body, updated_at: sql`now()` }),
    )
    .execute();
}
