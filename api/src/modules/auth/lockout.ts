import type { Limits } from '../../context';
import type { TenantConn } from '../../db/tenant-db';

/** Failures older than this are forgotten: an owner who mistyped yesterday starts fresh. */
const FORGET_AFTER = '1 day';

/** The counter of an account, shared by every identifier (e-mail, phone) that reaches it. */
export const accountKey = (userId: number) => `user:${userId}`;
/** The counter of an identifier that names no account, so unknown and known accounts behave alike. */
export const identifierKey = (username: string) => `name:${username.trim().toLowerCase()}`;

/**
 * Seconds to wait after `failures` consecutive failures: none for the first few, then doubling from
 * `loginDelayBaseSec` up to `loginDelayMaxSec`. A growing delay slows guessing to a handful per hour, while
 * nobody can lock a parent out for longer than the cap.
 */
export function delayAfter(failures: number, l: Limits): number {
  if (failures < l.loginFailuresFree) return 0;
  return Math.min(l.loginDelayMaxSec, l.loginDelayBaseSec * 2 ** (failures - l.loginFailuresFree));
}

/** Seconds until the next password check of `key` is allowed (0: now). */
export async function waitSeconds({ client, tenantId }: TenantConn, key: string): Promise<number> {
  const { rows } = await client.query<{ wait: number }>(
    `SELECT extract(epoch FROM blocked_until - now())::float8 AS wait FROM login_failures
     WHERE tenant_id = $1 AND account_key = $2 AND blocked_until > now()`,
    [tenantId, key],
  );
  return rows[0] ? Math.max(1, Math.ceil(rows[0].wait)) : 0;
}

export async function recordFailure({ client, tenantId }: TenantConn, key: string, l: Limits): Promise<void> {
  const { rows } = await client.query<{ failures: number }>(
    `INSERT INTO login_failures AS f (tenant_id, account_key, failures, blocked_until)
     VALUES ($1, $2, 1, now())
     ON CONFLICT (tenant_id, account_key) DO UPDATE SET
       failures = CASE WHEN f.last_failure_at < now() - $3::interval THEN 1 ELSE f.failures + 1 END,
       last_failure_at = now()
     RETURNING failures`,
    [tenantId, key, FORGET_AFTER],
  );
  const wait = delayAfter(rows[0]?.failures ?? 1, l);
  if (wait > 0)
    await client.query(
      `UPDATE login_failures SET blocked_until = now() + make_interval(secs => $3)
       WHERE tenant_id = $1 AND account_key = $2`,
      [tenantId, key, wait],
    );
  // Now and then drop forgotten rows (identifiers tried once by someone) so the table stays small.
  if (Math.random() < 0.01)
    await client.query(
      'DELETE FROM login_failures WHERE tenant_id = $1 AND last_failure_at < now() - $2::interval',
      [tenantId, FORGET_AFTER],
    );
}

export async function clearFailures({ client, tenantId }: TenantConn, key: string): Promise<void> {
  await client.query('DELETE FROM login_failures WHERE tenant_id = $1 AND account_key = $2', [tenantId, key]);
}
