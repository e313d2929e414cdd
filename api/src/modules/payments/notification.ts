import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { kyselyOnPool } from '../../db/kysely';
import { EVERY_SCHOOL, withTenant, withTenantTx } from '../../db/tenant-db';
import type { MidtransNotificationBody, ProviderOrder } from '../../integrations/midtrans/types';
import type { JobRuntime } from '../../jobs/runtime';
import { kickDelivery } from '../../lib/outbox';
import { type PaymentDeps, parseOrderId } from './charges';
import { PAID_TEXTS } from './messages';
import { type ApplyOutcome, applyProviderOrder } from './settle';
import { announceBillChange } from './signals';

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
 * (order, status) pairs this process has recorded, so a repeated delivery is answered without touching the
 * database. Only committed records enter it; anything not in it (another instance's, or older than what it
 * keeps) is found by the database's unique key as before.
 */
const RECORDED_KEEP = 100_000;
const recorded = new Set<string>();
function remember(key: string) {
  if (recorded.size >= RECORDED_KEEP) recorded.delete(recorded.values().next().value!);
  recorded.add(key);
}

/** The statuses the one-statement path (migration 0047) knows; a capture needs the fraud rule of settle.ts. */
const FAST_STATUSES = new Set(['pending', 'settlement']);

type FastOutcome = ApplyOutcome | 'duplicate' | 'fallback';

/**
 * A settlement crediting an installment, or the pending notification after a charge, in one statement:
 * charge, installment, bill, history, the parent's message and the notification record. 'fallback' (nothing
 * changed) for every other case.
 */
async function applyInOneStatement(
  deps: PaymentDeps,
  tenantId: number,
  body: MidtransNotificationBody,
  order: ProviderOrder,
): Promise<FastOutcome> {
  const row = await withTenant(
    deps.pool,
    tenantId,
    async (c) =>
      (
        await c.client.query<{ outcome: FastOutcome; registrant_id: number | null }>({
          name: 'payment_notification_fast',
          text: 'SELECT outcome, registrant_id FROM payment_notification_fast($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)',
          values: [
            tenantId,
            body.order_id,
            body.transaction_status,
            body.status_code,
            body.gross_amount,
            Number.isSafeInteger(order.grossAmount) ? order.grossAmount : null,
            JSON.stringify(body),
            order.transactionId || null,
            order.vaNumber || null,
            order.billKey || null,
            order.billerCode ?? null,
            order.qrString || null,
            order.expiresAt ?? null,
            order.settledAt ?? order.transactionTime ?? new Date(),
            PAID_TEXTS,
          ],
        })
      ).rows[0]!,
    EVERY_SCHOOL,
  );
  if (row.registrant_id) announceBillChange(deps.pool, tenantId, row.registrant_id);
  return row.outcome;
}

/**
 * A notification from the provider: the signature is checked first (a forgery is refused and logged); the
 * order id names the tenant. Each (order, status) is recorded once and applied by the status cycle; a
 * delivery of a pair already recorded is a duplicate and changes nothing. Concurrent deliveries wait on the
 * charge's lock, then find the pair recorded.
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
  const key = `${ours.tenantId}|${body.order_id}|${body.transaction_status}`;
  if (recorded.has(key)) return { status: 200, outcome: 'duplicate' };
  const order = deps.gateway.parseNotification(body);
  let outcome: FastOutcome = 'fallback';
  if (FAST_STATUSES.has(body.transaction_status))
    outcome = await applyInOneStatement(deps, ours.tenantId, body, order);
  if (outcome === 'fallback') outcome = await applyInTransaction(deps, ours.tenantId, body, order);
  remember(key);
  if (outcome === 'applied' || outcome === 'flagged') void kickDelivery(deps.jobs, ours.tenantId);
  return { status: 200, outcome };
}

/** The general path: the status cycle of settle.ts, then the (order, status) record. */
function applyInTransaction(
  deps: PaymentDeps,
  tenantId: number,
  body: MidtransNotificationBody,
  order: ProviderOrder,
) {
  return withTenantTx(
    deps.pool,
    tenantId,
    async (c) => {
      // The charge row is locked first: a repeated delivery waits here, then finds the status already applied.
      const applied = await applyProviderOrder(c, order, 'notification');
      const inserted = await c.db
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
      return inserted ? applied : ('duplicate' as const);
    },
    EVERY_SCHOOL,
  );
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
