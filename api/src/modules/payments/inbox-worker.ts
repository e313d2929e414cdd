import { sql } from 'kysely';
import type { Pool } from '../../db/pool';
import { EVERY_SCHOOL, type TenantConn, withTenantTx } from '../../db/tenant-db';
import type { MidtransNotificationBody, ProviderOrder } from '../../integrations/midtrans/types';
import type { JobRuntime } from '../../jobs/runtime';
import { kickDelivery } from '../content';
import type { PaymentDeps } from './charges';
import { UNREADABLE_AMOUNT } from './inbox';
import { confirmWithProvider } from './inbox-confirm';
import { applyFast, type ClaimedNotification, type InboxOutcome } from './inbox-fast-path';
import { writePaymentReceipts } from './payment-receipts';
import { applyProviderOrder } from './settle';
import { announceBillChange } from './signals';

/**
 * The applying half of the notification inbox. Stored notifications are claimed in batches (row locks with
 * SKIP LOCKED, so several workers never take the same row) and applied by the status cycle inside the same
 * transaction that marks them processed: a crash anywhere before the commit leaves every row of the batch
 * waiting and nothing credited, a commit makes both the credit and the mark durable. A row whose application
 * fails is rolled back to its savepoint, counted and tried again later; the rest of the batch goes on.
 */
export interface InboxDeps extends PaymentDeps {
  jobs: JobRuntime;
  /** First wait before a failed row is tried again (doubling per failure, at most an hour). Default 5 s. */
  retryDelaySeconds?: number;
}

const BATCH = 200;
const MAX_RETRY_SECONDS = 3600;

/** The statuses the one-statement path (migration 0047) knows; a capture needs the fraud rule of settle.ts. */
const FAST_STATUSES = new Set(['pending', 'settlement']);

const byOrderId = (a: ClaimedNotification, b: ClaimedNotification) =>
  a.order_id < b.order_id ? -1 : a.order_id > b.order_id ? 1 : 0;

/** Applies the tenant's waiting notifications until none is due; counts what it did. */
export async function drainInbox(deps: InboxDeps, tenantId: number) {
  const total = { processed: 0, failed: 0 };
  for (;;) {
    const r = await applyNextBatch(deps, tenantId);
    total.processed += r.processed;
    total.failed += r.failed;
    if (r.claimed < BATCH) return total;
  }
}

async function applyNextBatch(deps: InboxDeps, tenantId: number) {
  const announce = new Set<number>();
  let credited = false;
  const counts = await withTenantTx(
    deps.pool,
    tenantId,
    async (c) => {
      const rows = await c.db
        .selectFrom('payment_inbox')
        .select(['id', 'order_id', 'transaction_status', 'body'])
        .where('tenant_id', '=', tenantId)
        .where('processed_at', 'is', null)
        .where('next_attempt_at', '<=', sql<Date>`now()`)
        .orderBy('id')
        .limit(BATCH)
        .forUpdate()
        .skipLocked()
        .execute();
      if (rows.length === 0) return { claimed: 0, processed: 0, failed: 0 };
      // Charges are locked in order-id order, so two workers sharing orders cannot wait on each other in a circle.
      rows.sort(byOrderId);
      const { confirmed, done, failed } = await confirmWithProvider(deps.gateway, rows);
      const orders = new Map(confirmed.map((r) => [r.id, deps.gateway.parseNotification(r.body)]));
      const fast = confirmed.filter((r) => FAST_STATUSES.has(r.body.transaction_status));
      const paidBy = new Set<number>();
      for (const r of await applyFast(c, fast, orders)) {
        if (r.outcome === 'fallback') continue;
        done.set(r.id, r.outcome);
        if (r.registrantId) announce.add(r.registrantId);
        if (r.registrantId && r.outcome === 'applied') paidBy.add(r.registrantId);
      }
      await writePaymentReceipts(c, { registrantIds: [...paidBy] });
      for (const row of confirmed) {
        if (done.has(row.id)) continue;
        await c.client.query('SAVEPOINT inbox_row');
        try {
          done.set(row.id, await applyGeneral(c, row.body, orders.get(row.id)!));
          await c.client.query('RELEASE SAVEPOINT inbox_row');
        } catch (err) {
          await c.client.query('ROLLBACK TO SAVEPOINT inbox_row');
          failed.set(row.id, err instanceof Error ? err.message : String(err));
        }
      }
      await markProcessed(c, done);
      await markFailed(c, failed, deps.retryDelaySeconds ?? 5);
      credited = [...done.values()].some((o) => o === 'applied' || o === 'flagged');
      return { claimed: rows.length, processed: done.size, failed: failed.size };
    },
    EVERY_SCHOOL,
  );
  // Only after the commit: the parent's page re-reads the bill when told, and must find it paid.
  for (const registrantId of announce) announceBillChange(deps.pool, tenantId, registrantId);
  if (credited) void kickDelivery(deps.jobs, tenantId);
  return counts;
}

/** The general path: the status cycle of settle.ts, then the (order, status) record. */
async function applyGeneral(c: TenantConn, body: MidtransNotificationBody, order: ProviderOrder) {
  // The charge row is locked first: a repeated notification waits here, then finds the status already applied.
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
}

async function markProcessed(c: TenantConn, done: Map<number, InboxOutcome>) {
  // One statement per outcome (a handful), not one per row.
  const byOutcome = new Map<InboxOutcome, number[]>();
  for (const [id, outcome] of done) byOutcome.set(outcome, [...(byOutcome.get(outcome) ?? []), id]);
  for (const [outcome, ids] of byOutcome)
    await c.db
      .updateTable('payment_inbox')
      .set({ processed_at: sql<Date>`now()`, outcome, last_error: null })
      .where('tenant_id', '=', c.tenantId)
      .where('id', 'in', ids)
      .execute();
}

async function markFailed(c: TenantConn, failed: Map<number, string>, baseDelaySeconds: number) {
  for (const [id, message] of failed) {
    await c.db
      .updateTable('payment_inbox')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        last_error: message.slice(0, 500),
        next_attempt_at: sql<Date>`now() + make_interval(secs => least(${baseDelaySeconds} * power(2, attempts), ${MAX_RETRY_SECONDS}))`,
      }))
      .where('tenant_id', '=', c.tenantId)
      .where('id', '=', id)
      .execute();
  }
}

/**
 * One drain at a time per tenant in this process: a wake while one runs asks it to look once more when done,
 * so a row stored after its last look is never left waiting for the periodic sweep.
 */
const runningBy = new WeakMap<Pool, Map<number, { again: boolean; done: Promise<void> }>>();

export function wakeInbox(deps: InboxDeps, tenantId: number, log: (m: string) => void): Promise<void> {
  let running = runningBy.get(deps.pool);
  if (!running) {
    running = new Map();
    runningBy.set(deps.pool, running);
  }
  const current = running.get(tenantId);
  if (current) {
    current.again = true;
    return current.done;
  }
  const state = { again: false, done: Promise.resolve() };
  const map = running;
  state.done = (async () => {
    try {
      do {
        state.again = false;
        const r = await drainInbox(deps, tenantId);
        if (r.failed > 0)
          log(`payment inbox of tenant ${tenantId}: ${r.failed} notification(s) failed, retried later`);
      } while (state.again);
    } catch (err) {
      // The rows stay waiting; the periodic sweep tries again.
      log(`payment inbox of tenant ${tenantId}: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      map.delete(tenantId);
    }
  })();
  map.set(tenantId, state);
  return state.done;
}

/** Resolves once no drain of this pool is running (tests wait for it, as they wait for the simulator). */
export async function inboxIdle(pool: Pool) {
  for (;;) {
    const running = [...(runningBy.get(pool)?.values() ?? [])];
    if (running.length === 0) return;
    await Promise.all(running.map((r) => r.done));
  }
}

/** Applied notifications are kept this long (their (order, status) record stays in payment_notifications). */
const KEEP_APPLIED_DAYS = 30;

/**
 * Removes applied rows older than the keeping time, a bounded number per call. A late redelivery of one is
 * stored again and found a duplicate by the worker, so nothing is applied twice.
 */
export async function pruneInbox(deps: Pick<InboxDeps, 'pool'>, tenantId: number) {
  const res = await withTenantTx(
    deps.pool,
    tenantId,
    (c) =>
      c.db
        .deleteFrom('payment_inbox')
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('payment_inbox')
            .select('id')
            .where('tenant_id', '=', tenantId)
            .where('processed_at', '<', sql<Date>`now() - make_interval(days => ${KEEP_APPLIED_DAYS})`)
            // Kept until staff have looked at them in Rekonsiliasi.
            .where((w) => w.or([w('outcome', 'is', null), w('outcome', '<>', UNREADABLE_AMOUNT)]))
            .limit(10_000),
        )
        .executeTakeFirst(),
    EVERY_SCHOOL,
  );
  return Number(res.numDeletedRows);
}
