import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { kyselyOnPool } from '../../db/kysely';
import { EVERY_SCHOOL, withTenantTx } from '../../db/tenant-db';
import { rupiah } from '../../integrations/midtrans/signature';
import { statusCodeFits } from '../../integrations/midtrans/status-codes';
import type { MidtransNotificationBody } from '../../integrations/midtrans/types';
import { type PaymentDeps, parseOrderId } from './charges';
import { type StoreOutcome, storeNotification, storeUnreadable } from './inbox';
import { type InboxDeps, wakeInbox } from './inbox-worker';
import { applyProviderOrder } from './settle';

export type NotificationResult =
  | { status: 403; outcome: 'forged' }
  | { status: 400; outcome: 'status_mismatch' }
  | { status: 200; outcome: StoreOutcome | 'not_ours' | 'unreadable_amount' };

const liveTenants = new Map<number, number>();
/** Whether the order's tenant exists and is enabled (cached for a minute: the endpoint is hot). */
async function tenantLive(deps: PaymentDeps, id: number) {
  const now = Date.now();
  const until = liveTenants.get(id);
  if (until && until > now) return true;
  const row = await kyselyOnPool(deps.pool)
    .selectFrom('tenants')
    .select('id')
    .where('id', '=', id)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  if (row) liveTenants.set(id, now + 60_000);
  return !!row;
}

/**
 * A notification from the provider: the signature is checked first (a forgery is refused, logged and not
 * stored), then that its status came with its own status code (the signature does not cover the status word,
 * so a mismatch is someone rewriting a genuine notification: refused, logged, not stored); the order id names
 * the tenant. A signed notification of ours is stored in the tenant's inbox and answered at once; the inbox
 * worker applies it by the status cycle (inbox-worker.ts). A delivery of a (transaction, status) already
 * stored is a duplicate and stores nothing. One whose amount cannot be read is kept aside for staff
 * (Rekonsiliasi) and answered 200: the provider would resend the same text, which no retry makes readable.
 * Orders that are not ours (e.g. the dashboard's test notification) are answered 200 so they are not retried.
 */
export async function receiveNotification(
  deps: InboxDeps,
  body: MidtransNotificationBody,
  log: FastifyBaseLogger,
): Promise<NotificationResult> {
  if (!deps.gateway.verifySignature(body)) {
    log.warn(
      { order_id: body.order_id, status_code: body.status_code },
      'payment notification with a forged signature',
    );
    return { status: 403, outcome: 'forged' };
  }
  if (!statusCodeFits(body.transaction_status, body.status_code)) {
    log.warn(
      { order_id: body.order_id, status_code: body.status_code, transaction_status: body.transaction_status },
      'payment notification whose status does not match its signed status code',
    );
    return { status: 400, outcome: 'status_mismatch' };
  }
  const ours = parseOrderId(body.order_id);
  if (!ours || !(await tenantLive(deps, ours.tenantId))) {
    log.warn({ order_id: body.order_id }, 'payment notification for an order that is not ours');
    return { status: 200, outcome: 'not_ours' };
  }
  if (Number.isNaN(rupiah(body.gross_amount))) {
    log.warn(
      { order_id: body.order_id, gross_amount: body.gross_amount },
      'payment notification amount unreadable',
    );
    return { status: 200, outcome: await storeUnreadable(deps.pool, ours.tenantId, body) };
  }
  const outcome = await storeNotification(deps.pool, ours.tenantId, body);
  // This process applies what it stored right away; the periodic sweep catches anything left behind.
  if (outcome === 'received') void wakeInbox(deps, ours.tenantId, (m) => log.warn(m));
  return { status: 200, outcome };
}

/**
 * The reconciler: charges still `creating` a while after they were written (the process died between the
 * provider's answer and our record, or the answer never came) and pending charges past their expiry are
 * asked about at the provider and settled by what it says. A `creating` charge the provider never heard of
 * is closed, so the parent can open a new one.
 */
export async function reconcileTenant(
  deps: PaymentDeps,
  tenantId: number,
  opts: { creatingAfterSeconds: number },
) {
  const stale = await withTenantTx(
    deps.pool,
    tenantId,
    (c) =>
      c.db
        .selectFrom('payment_charges')
        .select(['order_id', 'status'])
        .where('tenant_id', '=', tenantId)
        .where((eb) =>
          eb.or([
            eb.and([
              eb('status', '=', 'creating'),
              eb('created_at', '<', sql<Date>`now() - make_interval(secs => ${opts.creatingAfterSeconds})`),
            ]),
            eb.and([eb('status', '=', 'pending'), eb('expires_at', '<', sql<Date>`now()`)]),
          ]),
        )
        .orderBy('created_at')
        .limit(500)
        .execute(),
    EVERY_SCHOOL,
  );
  let healed = 0;
  for (const s of stale) {
    const order = await deps.gateway.status(s.order_id).catch(() => undefined);
    if (order === undefined) continue; // provider unreachable: next round
    const outcome = await withTenantTx(
      deps.pool,
      tenantId,
      async (c) => {
        if (order) return applyProviderOrder(c, order, 'reconciler');
        await c.db
          .updateTable('payment_charges')
          .set({
            status: 'error',
            error_message: 'Order tidak dikenal oleh penyedia pembayaran.',
            updated_at: sql<Date>`now()`,
          })
          .where('tenant_id', '=', tenantId)
          .where('order_id', '=', s.order_id)
          .where('status', '=', 'creating')
          .execute();
        return 'applied' as const;
      },
      EVERY_SCHOOL,
    );
    if (outcome === 'applied' || outcome === 'flagged') healed++;
  }
  return { checked: stale.length, healed };
}

/** Every enabled tenant, for the periodic reconciler (the tenants table is global). */
export async function liveTenantIds(deps: PaymentDeps) {
  const rows = await kyselyOnPool(deps.pool)
    .selectFrom('tenants')
    .select('id')
    .where('disabled_at', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}
