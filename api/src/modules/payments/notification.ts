import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { kyselyOnPool } from '../../db/kysely';
import { EVERY_SCHOOL, withTenantTx } from '../../db/tenant-db';
import type { MidtransNotificationBody } from '../../integrations/midtrans/types';
import type { JobRuntime } from '../../jobs/runtime';
import { kickDelivery } from '../../lib/outbox';
import { type PaymentDeps, parseOrderId } from './charges';
import { type ApplyOutcome, applyProviderOrder } from './settle';

export type NotificationResult =
  | { status: 403; outcome: 'forged' }
  | { status: 200; outcome: ApplyOutcome | 'duplicate' | 'not_ours' };

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
 * A notification from the provider: the signature is checked first (a forgery is refused and logged); the
 * order id names the tenant. Each (order, status) is recorded once — the unique key makes every repeated
 * delivery, however concurrent, waits on the charge's lock and then finds the status applied — and applied by
 * the status cycle.
 * Orders that are not ours (e.g. the dashboard's test notification) are answered 200 so they are not retried.
 */
export async function receiveNotification(
  deps: PaymentDeps & { jobs: JobRuntime },
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
  const ours = parseOrderId(body.order_id);
  if (!ours || !(await tenantLive(deps, ours.tenantId))) {
    log.warn({ order_id: body.order_id }, 'payment notification for an order that is not ours');
    return { status: 200, outcome: 'not_ours' };
  }
  const order = deps.gateway.parseNotification(body);
  const outcome = await withTenantTx(
    deps.pool,
    ours.tenantId,
    async (c) => {
      // The charge row is locked first: a repeated delivery waits here, then finds the status already applied.
      const applied = await applyProviderOrder(c, order, 'notification');
      const recorded = await c.db
        .insertInto('payment_notifications')
        .values({
          tenant_id: c.tenantId,
          order_id: body.order_id,
          transaction_status: body.transaction_status.slice(0, 40),
          status_code: body.status_code.slice(0, 10),
          gross_amount: body.gross_amount.slice(0, 30),
          outcome: applied,
          body: JSON.stringify(body),
        })
        .onConflict((oc) => oc.columns(['tenant_id', 'order_id', 'transaction_status']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return recorded ? applied : ('duplicate' as const);
    },
    EVERY_SCHOOL,
  );
  if (outcome === 'applied' || outcome === 'flagged') void kickDelivery(deps.jobs, ours.tenantId);
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
