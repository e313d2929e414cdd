import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { kyselyOnPool } from '../../../db/kysely';
import { EVERY_SCHOOL, withTenantTx } from '../../../db/tenant-db';
import { readPayoutNotification } from '../../../integrations/midtrans/gateway';
import { writeAudit } from '../../../lib/audit';
import { lockPayout, updatePayout } from './repository';
import type { PayoutDeps } from './service';

export type IrisOutcome = 'forged' | 'applied' | 'duplicate' | 'stale' | 'not_ours' | 'ignored';

/** How far along a payout is; a notification never moves it back (they may arrive out of order). */
const STEP: Record<string, number> = {
  creating: 0,
  queued: 1,
  approved: 2,
  rejected: 2,
  processed: 3,
  completed: 4,
  failed: 5,
};
const FINAL = new Set(['rejected', 'failed']);

/** Whether a payout at `from` may take status `to` (completed may still fail: a bank can return the money). */
export function payoutMoves(from: string, to: string): boolean {
  if (FINAL.has(from)) return false;
  if (to === 'rejected') return from === 'creating' || from === 'queued';
  return (STEP[to] ?? -1) > (STEP[from] ?? 99);
}

/**
 * An Iris payout notification: the signature over the raw body first (a forgery is logged and refused), then
 * the payout found by its reference number, and its status moved forward only — a repeated or late
 * notification changes nothing.
 */
export async function receiveIrisNotification(
  deps: PayoutDeps,
  rawBody: string,
  signature: string | undefined,
  log: FastifyBaseLogger,
): Promise<IrisOutcome> {
  if (!deps.gateway.verifyIrisSignature(rawBody, signature)) {
    log.warn({ signature: signature?.slice(0, 16) }, 'Iris notification with an invalid signature refused');
    return 'forged';
  }
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return 'ignored';
  }
  const n = readPayoutNotification(body && typeof body === 'object' ? (body as Record<string, unknown>) : {});
  if (!n) return 'ignored';
  // The notification names only the reference number: a database function finds its tenant across RLS.
  const found = await kyselyOnPool(deps.pool)
    .selectNoFrom(sql<number | null>`payout_tenant(${n.referenceNo})`.as('tenant'))
    .executeTakeFirst();
  const tenantId = found?.tenant;
  if (!tenantId) return 'not_ours';
  return withTenantTx(
    deps.pool,
    tenantId,
    async (c) => {
      const before = await lockPayout(c, { referenceNo: n.referenceNo });
      if (!before) return 'not_ours';
      if (before.status === n.status) return 'duplicate';
      if (!payoutMoves(before.status, n.status)) return 'stale';
      if (Number.isFinite(n.amount) && n.amount !== Number(before.amount))
        log.warn({ payout: before.id, amount: n.amount }, 'Iris notification amount differs from the payout');
      const after = await updatePayout(c, before.id, {
        status: n.status,
        provider_updated_at: n.updatedAt ?? null,
        ...(n.status === 'failed'
          ? { error_message: (n.errorMessage ?? 'Gagal di bank tujuan.').slice(0, 500) }
          : {}),
      });
      await writeAudit(c, {
        userId: null,
        action: 'payout_status',
        resource: 'payouts',
        recordId: before.id,
        before: { ...before },
        after: { ...after },
      });
      return 'applied';
    },
    EVERY_SCHOOL,
  );
}
