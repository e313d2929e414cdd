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
const recordedBy = new WeakMap<PaymentDeps['pool'], Set<string>>();
function recordedOf(pool: PaymentDeps['pool']) {
  let set = recordedBy.get(pool);
  if (!set) {
    set = new Set();
    recordedBy.set(pool, set);
  }
  return set;
}
function remember(recorded: Set<string>, key: string) {
  if (recorded.size >= RECORDED_KEEP) recorded.delete(recorded.values().next().value!);
  recorded.add(key);
}

/** The statuses the one-statement path (migration 0047) knows; a capture needs the fraud rule of settle.ts. */
const FAST_STATUSES = new Set(['pending', 'settlement']);

type FastOutcome = ApplyOutcome | 'duplicate' | 'fallback';

type Fast = { body: MidtransNotificationBody; order: ProviderOrder };

/** The function's arguments for notifications, column by column (arrays for the batch form). */
function fastColumns(items: Fast[]) {
  return [
    items.map((x) => x.body.order_id),
    items.map((x) => x.body.transaction_status),
    items.map((x) => x.body.status_code),
    items.map((x) => x.body.gross_amount),
    items.map((x) => (Number.isSafeInteger(x.order.grossAmount) ? x.order.grossAmount : null)),
    items.map((x) => JSON.stringify(x.body)),
    items.map((x) => x.order.transactionId || null),
    items.map((x) => x.order.vaNumber || null),
    items.map((x) => x.order.billKey || null),
    items.map((x) => x.order.billerCode ?? null),
    items.map((x) => x.order.qrString || null),
    items.map((x) => x.order.expiresAt ?? null),
    items.map((x) => x.order.settledAt ?? x.order.transactionTime ?? new Date()),
  ];
}

/**
 * Settlements crediting an installment, and the pending notifications after charges, in one statement
 * (migration 0047): charge, installment, bill, history, the parent's message and the notification record.
 * Notifications of a tenant that arrive together (within one turn of the event loop) share that statement,
 * its transaction and its commit; 'fallback' (nothing changed) for every case the statement leaves to settle.ts.
 */
const BATCH_MAX = 64;
type Waiting = Fast & { resolve: (o: FastOutcome) => void; reject: (e: unknown) => void };
const waiting = new WeakMap<PaymentDeps['pool'], Map<number, Waiting[]>>();

function applyInOneStatement(deps: PaymentDeps, tenantId: number, item: Fast): Promise<FastOutcome> {
  return new Promise((resolve, reject) => {
    let byTenant = waiting.get(deps.pool);
    if (!byTenant) {
      byTenant = new Map();
      waiting.set(deps.pool, byTenant);
    }
    const queue = byTenant.get(tenantId) ?? [];
    if (queue.length === 0) {
      byTenant.set(tenantId, queue);
      setImmediate(() => {
        byTenant.delete(tenantId);
        for (let at = 0; at < queue.length; at += BATCH_MAX)
          void applyBatch(deps, tenantId, queue.slice(at, at + BATCH_MAX));
      });
    }
    queue.push({ ...item, resolve, reject });
  });
}

async function applyBatch(deps: PaymentDeps, tenantId: number, batch: Waiting[]) {
  // Charges locked in order-id order, so two batches sharing orders cannot wait on each other in a circle.
  batch.sort((a, b) => (a.body.order_id < b.body.order_id ? -1 : a.body.order_id > b.body.order_id ? 1 : 0));
  let rows: { item: number; outcome: FastOutcome; registrant_id: number | null }[];
  try {
    rows = await withTenant(
      deps.pool,
      tenantId,
      async (c) =>
        (
          await c.client.query({
            name: 'payment_notifications_fast',
            text: 'SELECT item, outcome, registrant_id FROM payment_notifications_fast($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)',
            values: [tenantId, ...fastColumns(batch), PAID_TEXTS],
          })
        ).rows,
      EVERY_SCHOOL,
    );
  } catch (err) {
    if (batch.length === 1) return batch[0]!.reject(err);
    // One of them failed the shared transaction (nothing of it was kept): each on its own.
    for (const one of batch) void applyBatch(deps, tenantId, [one]);
    return;
  }
  for (const r of rows) {
    if (r.registrant_id) announceBillChange(deps.pool, tenantId, r.registrant_id);
    batch[r.item - 1]!.resolve(r.outcome);
  }
  // Each item has its row; should one ever be missing, it is applied the general way (a settled promise ignores this).
  for (const one of batch) one.resolve('fallback');
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
  const recorded = recordedOf(deps.pool);
  const key = `${ours.tenantId}|${body.order_id}|${body.transaction_status}`;
  if (recorded.has(key)) return { status: 200, outcome: 'duplicate' };
  const order = deps.gateway.parseNotification(body);
  let outcome: FastOutcome = 'fallback';
  if (FAST_STATUSES.has(body.transaction_status))
    outcome = await applyInOneStatement(deps, ours.tenantId, { body, order });
  if (outcome === 'fallback') outcome = await applyInTransaction(deps, ours.tenantId, body, order);
  remember(recorded, key);
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
