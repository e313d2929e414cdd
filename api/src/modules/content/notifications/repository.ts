import type { DeliveryStatus, JobStatus } from '@psb/contracts';
import { sql } from 'kysely';
import type { Db, TenantConn } from '../../../db/tenant-db';

/** The outbox as the delivery job, the parent's inbox and the staff delivery log see it. */

export interface ClaimedMessage {
  id: number;
  channel: 'email' | 'whatsapp';
  address: string;
  subject: string;
  body: string;
  attempts: number;
  job_id: number | null;
}

/**
 * Takes up to `limit` due messages for this worker: waiting ones whose time has come, and ones a crashed
 * worker claimed but never finished (lease expired). SKIP LOCKED: concurrent workers never take the same row.
 */
export async function claimDue({ db, tenantId }: TenantConn, limit: number, leaseSeconds: number) {
  await dropUnconsentedPromotions(db, tenantId);
  const due = db
    .selectFrom('notifications')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', sql<Date>`now()`)]),
        eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', sql<Date>`now()`)]),
      ]),
    )
    .where((eb) => eb.or([eb('promotional', '=', false), promotionConsented]))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked();
  const rows = await db
    .updateTable('notifications')
    .set({
      status: 'sending',
      attempts: sql<number>`attempts + 1`,
      lease_until: sql<Date>`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', due)
    .returning(['id', 'channel', 'address', 'subject', 'body', 'attempts', 'job_id'])
    .execute();
  return rows;
}

/**
 * Whether the message's parent says yes to promotional messages now: their latest answer for the purpose
 * (none: never asked, which is no). Read at each claim, so a withdrawal stops what is still waiting.
 */
const promotionConsented = sql<boolean>`coalesce((
  SELECT c.granted FROM consents c
  WHERE c.tenant_id = notifications.tenant_id AND c.user_id = notifications.user_id AND c.purpose = 'promotional'
  ORDER BY c.id DESC LIMIT 1), false)`;

export const NO_PROMOTION_CONSENT = 'Tidak dikirim: orang tua tidak (lagi) menyetujui pesan promosi.';

/** Promotional messages still waiting for a parent who has withdrawn (or never given) consent end as failed. */
async function dropUnconsentedPromotions(db: Db, tenantId: number) {
  await db
    .updateTable('notifications')
    .set({ status: 'failed', last_error: NO_PROMOTION_CONSENT, lease_until: null })
    .where('tenant_id', '=', tenantId)
    .where('promotional', '=', true)
    .where('status', 'in', ['pending', 'sending'])
    .where(sql<boolean>`NOT ${promotionConsented}`)
    .execute();
}

function logAttempt(db: Db, tenantId: number, id: number, attempt: number, error: string | null) {
  return db
    .insertInto('notification_attempts')
    .values({ tenant_id: tenantId, notification_id: id, attempt, outcome: error ? 'failed' : 'sent', error })
    .execute();
}

/** Records a sent message (with the provider's message id) and its successful attempt, in one statement. */
export async function recordSent({ db, tenantId }: TenantConn, id: number, providerId: string) {
  await db
    .with('done', (q) =>
      q
        .updateTable('notifications')
        .set({
          status: 'sent',
          sent_at: sql<Date>`now()`,
          provider_id: providerId,
          lease_until: null,
          last_error: null,
        })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .returning(['id', 'attempts']),
    )
    .insertInto('notification_attempts')
    .columns(['tenant_id', 'notification_id', 'attempt', 'outcome'])
    .expression((eb) =>
      eb
        .selectFrom('done')
        .select((e) => [e.val(tenantId).as('t'), 'done.id', 'done.attempts', e.val('sent').as('o')]),
    )
    .execute();
}

/** A failed attempt: tried again after `retryInMs`, or failed for good when that is null. */
export async function recordFailure(
  { db, tenantId }: TenantConn,
  m: ClaimedMessage,
  reason: string,
  retryInMs: number | null,
) {
  await db
    .updateTable('notifications')
    .set(
      retryInMs === null
        ? { status: 'failed', last_error: reason, lease_until: null }
        : {
            status: 'pending',
            last_error: reason,
            lease_until: null,
            next_attempt_at: sql<Date>`now() + make_interval(secs => ${retryInMs / 1000})`,
          },
    )
    .where('tenant_id', '=', tenantId)
    .where('id', '=', m.id)
    .execute();
  await logAttempt(db, tenantId, m.id, m.attempts, reason);
}

/** When the next waiting message (or a claim of a crashed worker) is due; null: nothing waits. */
export async function nextDue({ db, tenantId }: TenantConn): Promise<Date | null> {
  const row = await db
    .selectFrom('notifications')
    .select(
      sql<Date | null>`min(CASE WHEN status = 'pending' THEN next_attempt_at ELSE lease_until END)`.as('at'),
    )
    .where('tenant_id', '=', tenantId)
    .where('status', 'in', ['pending', 'sending'])
    .executeTakeFirst();
  const at = row?.at;
  return at ? new Date(at) : null;
}

/** Brings the progress of the jobs these messages belong to up to date; a job with nothing left is done. */
export async function refreshJobProgress({ db, tenantId }: TenantConn, jobIds: number[]) {
  if (jobIds.length === 0) return;
  const counts = db
    .selectFrom('notifications')
    .select((eb) => [
      'job_id',
      eb.fn.countAll<number>().filterWhere('status', 'in', ['sent', 'failed']).as('final'),
      eb.fn.countAll<number>().filterWhere('status', '=', 'failed').as('failed_n'),
      eb.fn.countAll<number>().filterWhere('status', 'in', ['pending', 'sending']).as('open'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('job_id', 'in', jobIds)
    .groupBy('job_id')
    .as('c');
  await db
    .updateTable('background_jobs as b')
    .from(counts)
    .set((eb) => ({
      done: eb.ref('c.final'),
      failed: eb.ref('c.failed_n'),
      status: sql<JobStatus>`CASE WHEN c.open = 0 THEN 'done' ELSE 'running' END`,
      finished_at: sql<Date | null>`CASE WHEN c.open = 0 THEN now() END`,
    }))
    .where('b.tenant_id', '=', tenantId)
    .whereRef('b.id', '=', 'c.job_id')
    .execute();
}

export async function hasDue({ db, tenantId }: TenantConn): Promise<boolean> {
  const row = await db
    .selectFrom('notifications')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('status', 'in', ['pending', 'sending'])
    .where((eb) =>
      eb.or([eb('next_attempt_at', '<=', sql<Date>`now()`), eb('lease_until', '<', sql<Date>`now()`)]),
    )
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

export function inbox({ db, tenantId }: TenantConn, userId: number, limit: number) {
  return db
    .selectFrom('notifications')
    .select(['id', 'subject', 'body', 'created_at', 'read_at'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function unreadCount({ db, tenantId }: TenantConn, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function markRead({ db, tenantId }: TenantConn, userId: number, ids: number[] | undefined) {
  let q = db
    .updateTable('notifications')
    .set({ read_at: sql<Date>`now()` })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids) q = q.where('id', 'in', ids.length ? ids : [0]);
  await q.execute();
}

export function deliveryLog(
  { db, tenantId }: TenantConn,
  filter: { status?: DeliveryStatus | undefined; job_id?: number | undefined },
  limit: number,
) {
  let q = db
    .selectFrom('notifications as n')
    .innerJoin('users as u', (j) =>
      j.onRef('u.tenant_id', '=', 'n.tenant_id').onRef('u.id', '=', 'n.user_id'),
    )
    .select([
      'n.id',
      'u.name as recipient',
      'n.channel',
      'n.address',
      'n.subject',
      'n.status',
      'n.attempts',
      'n.last_error',
      'n.created_at',
      'n.sent_at',
    ])
    .where('n.tenant_id', '=', tenantId);
  if (filter.status) q = q.where('n.status', '=', filter.status);
  if (filter.job_id) q = q.where('n.job_id', '=', filter.job_id);
  return q.orderBy('n.created_at', 'desc').orderBy('n.id', 'desc').limit(limit).execute();
}
