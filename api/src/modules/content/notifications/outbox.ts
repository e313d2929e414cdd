import { type ExpressionBuilder, sql } from 'kysely';
import type { DB } from '../../../db/generated/database';
import type { TenantConn } from '../../../db/tenant-db';
import type { JobRuntime } from '../../../jobs/runtime';

/**
 * The one outbox for messages to parents. A module that causes a message writes it with `writeOutbox` inside
 * the transaction of the change (so the message exists exactly when the change does), then calls
 * `kickDelivery` after the commit; the delivery job of the notifications module sends it. A lost kick is
 * harmless: every api instance sweeps for waiting messages when it starts and every minute.
 */

export const DELIVER_QUEUE = 'notifications.deliver';

/**
 * The parent's channel, from the contact they registered with: WhatsApp when they gave a phone number, else
 * e-mail. `u` is the users table of the query.
 */
export const preferredChannel = (eb: ExpressionBuilder<DB & { u: DB['users'] }, 'u'>) =>
  eb
    .case()
    .when('u.phone_number', 'is not', null)
    .then(sql.lit('whatsapp'))
    .else(sql.lit('email'))
    .end()
    .$castTo<'email' | 'whatsapp'>();

export const preferredAddress = (eb: ExpressionBuilder<DB & { u: DB['users'] }, 'u'>) =>
  eb.fn.coalesce('u.phone_number', 'u.email').$castTo<string>();

/** The columns an outbox row is written with (by one message or by an INSERT … SELECT of many). */
export const OUTBOX_COLUMNS = [
  'tenant_id',
  'user_id',
  'school_id',
  'channel',
  'address',
  'template',
  'data',
  'subject',
  'body',
  'dedup_key',
  'job_id',
] as const;

export interface OutboxMessage {
  userId: number;
  schoolId?: number | null;
  template: string;
  data: Record<string, unknown>;
  subject: string;
  body: string;
  /** The same key twice writes one message: e.g. `payment-expired:<payment id>`. */
  dedupKey: string;
  jobId?: number | null;
  /** Sent only while the parent agrees to promotional messages (checked again by the delivery job). */
  promotional?: boolean;
}

/** Writes a message for the user's preferred channel; false when its dedup key was already written. */
export async function writeOutbox({ db, tenantId }: TenantConn, m: OutboxMessage): Promise<boolean> {
  const rows = await db
    .insertInto('notifications')
    .columns([...OUTBOX_COLUMNS, 'promotional'])
    .expression((eb) =>
      eb
        .selectFrom('users as u')
        .select((e) => [
          'u.tenant_id',
          'u.id',
          e.val(m.schoolId ?? null).as('school_id'),
          preferredChannel(e).as('channel'),
          preferredAddress(e).as('address'),
          e.val(m.template).as('template'),
          e.val(JSON.stringify(m.data)).as('data'),
          e.val(m.subject).as('subject'),
          e.val(m.body).as('body'),
          e.val(m.dedupKey).as('dedup_key'),
          e.val(m.jobId ?? null).as('job_id'),
          e.val(m.promotional ?? false).as('promotional'),
        ])
        .where('u.tenant_id', '=', tenantId)
        .where('u.id', '=', m.userId),
    )
    .onConflict((oc) => oc.columns(['tenant_id', 'dedup_key']).doNothing())
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Asks for a delivery run of the tenant's waiting messages (one waits at most; asking again is a no-op). */
export function kickDelivery(jobs: JobRuntime, tenantId: number, startAfterSeconds?: number) {
  if (startAfterSeconds) return sendKick(jobs, tenantId, startAfterSeconds);
  return throttledKick(jobs, tenantId);
}

function sendKick(jobs: JobRuntime, tenantId: number, startAfterSeconds?: number) {
  return jobs
    .send(
      DELIVER_QUEUE,
      { tenantId },
      {
        singletonKey: `tenant-${tenantId}`,
        ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}),
      },
    )
    .catch(() => null);
}

/** How long kicks of one tenant are gathered into one (a burst of payments must not queue a job each). */
const KICK_WINDOW_MS = 500;
const kickWindows = new WeakMap<JobRuntime, Map<number, { again: boolean }>>();

/**
 * The first kick of a tenant goes out at once; kicks within the next half second are folded into one more
 * at the end of it, so a message written during the window is never left for the minute sweep.
 */
async function throttledKick(jobs: JobRuntime, tenantId: number) {
  const windows = kickWindows.get(jobs) ?? new Map<number, { again: boolean }>();
  kickWindows.set(jobs, windows);
  const open = windows.get(tenantId);
  if (open) {
    open.again = true;
    return null;
  }
  const window = { again: false };
  windows.set(tenantId, window);
  setTimeout(() => {
    windows.delete(tenantId);
    if (window.again) void throttledKick(jobs, tenantId);
  }, KICK_WINDOW_MS).unref();
  return sendKick(jobs, tenantId);
}
