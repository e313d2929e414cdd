import { sql } from 'kysely';
import type { Pool } from '../../db/pool';
import { EVERY_SCHOOL, withTenant } from '../../db/tenant-db';
import type { MidtransNotificationBody } from '../../integrations/midtrans/types';

/**
 * The receiving half of the notification inbox: a signed notification is stored as received and nothing
 * else happens in the request (the worker of inbox-worker.ts applies it). Storing is one idempotent INSERT
 * keyed by the provider's transaction id and status, so a retry or a duplicate collapses into the stored row.
 */
export type StoreOutcome = 'received' | 'duplicate';

/** The key a delivery collapses on: the provider's transaction id (the order id when absent) and status. */
function inboxKey(body: MidtransNotificationBody) {
  const transactionId =
    typeof body.transaction_id === 'string' && body.transaction_id ? body.transaction_id : body.order_id;
  return { transactionId: transactionId.slice(0, 100), status: body.transaction_status.slice(0, 40) };
}

/**
 * Keys this process has stored (committed), so a repeated delivery is answered without touching the database.
 * Anything not in it (another instance's, or older than what it keeps) collapses on the table's unique key.
 */
const STORED_KEEP = 100_000;
const storedBy = new WeakMap<Pool, Set<string>>();
function storedOf(pool: Pool) {
  let set = storedBy.get(pool);
  if (!set) {
    set = new Set();
    storedBy.set(pool, set);
  }
  return set;
}
function remember(stored: Set<string>, key: string) {
  if (stored.size >= STORED_KEEP) stored.delete(stored.values().next().value!);
  stored.add(key);
}

/**
 * Group commit: a commit (its disk flush) is the costly part of storing, so notifications of a tenant share
 * INSERTs. At most IN_FLIGHT INSERTs per tenant run at once; whatever arrives meanwhile waits and goes in the
 * next one (at most BATCH_MAX rows), so under load each commit carries many notifications, and a lone one is
 * stored at once.
 */
const BATCH_MAX = 200;
const IN_FLIGHT = 2;
type Waiting = {
  body: MidtransNotificationBody;
  key: string;
  resolve: (o: StoreOutcome) => void;
  reject: (e: unknown) => void;
};
type TenantQueue = { waiting: Waiting[]; inFlight: number; scheduled: boolean };
const queuesBy = new WeakMap<Pool, Map<number, TenantQueue>>();

export function storeNotification(
  pool: Pool,
  tenantId: number,
  body: MidtransNotificationBody,
): Promise<StoreOutcome> {
  const k = inboxKey(body);
  const key = `${tenantId}|${k.transactionId}|${k.status}`;
  if (storedOf(pool).has(key)) return Promise.resolve('duplicate');
  let byTenant = queuesBy.get(pool);
  if (!byTenant) {
    byTenant = new Map();
    queuesBy.set(pool, byTenant);
  }
  let q = byTenant.get(tenantId);
  if (!q) {
    q = { waiting: [], inFlight: 0, scheduled: false };
    byTenant.set(tenantId, q);
  }
  const queue = q;
  return new Promise((resolve, reject) => {
    queue.waiting.push({ body, key, resolve, reject });
    schedule(pool, tenantId, queue);
  });
}

/** Starts an INSERT for what waits, at the end of this turn of the event loop (so a burst shares it). */
function schedule(pool: Pool, tenantId: number, q: TenantQueue) {
  if (q.scheduled || q.inFlight >= IN_FLIGHT || q.waiting.length === 0) return;
  q.scheduled = true;
  setImmediate(() => {
    q.scheduled = false;
    if (q.inFlight >= IN_FLIGHT || q.waiting.length === 0) return;
    const batch = q.waiting.splice(0, BATCH_MAX);
    q.inFlight++;
    void insertBatch(pool, tenantId, batch).finally(() => {
      q.inFlight--;
      schedule(pool, tenantId, q);
    });
    schedule(pool, tenantId, q);
  });
}

async function insertBatch(pool: Pool, tenantId: number, batch: Waiting[]) {
  // The same key twice in one batch is one row: the first is the delivery, the rest duplicates of it.
  const first = new Map<string, Waiting>();
  for (const w of batch) if (!first.has(w.key)) first.set(w.key, w);
  let inserted: Set<string>;
  try {
    const rows = await withTenant(
      pool,
      tenantId,
      (c) =>
        c.db
          .insertInto('payment_inbox')
          .values(
            [...first.values()].map((w) => {
              const k = inboxKey(w.body);
              return {
                tenant_id: tenantId,
                order_id: w.body.order_id,
                transaction_id: k.transactionId,
                transaction_status: k.status,
                body: w.body,
              };
            }),
          )
          .onConflict((oc) => oc.columns(['tenant_id', 'transaction_id', 'transaction_status']).doNothing())
          .returning(['transaction_id', 'transaction_status'])
          .execute(),
      EVERY_SCHOOL,
    );
    inserted = new Set(rows.map((r) => `${tenantId}|${r.transaction_id}|${r.transaction_status}`));
  } catch (err) {
    // Nothing of the batch was stored: each caller answers with an error, so the provider sends it again.
    for (const w of batch) w.reject(err);
    return;
  }
  const stored = storedOf(pool);
  for (const w of batch) {
    const isFirst = first.get(w.key) === w;
    remember(stored, w.key);
    w.resolve(isFirst && inserted.has(w.key) ? 'received' : 'duplicate');
  }
}

/** What a notification whose amount cannot be read is kept as: applied never, shown to staff in Rekonsiliasi. */
export const UNREADABLE_AMOUNT = 'unreadable_amount';

/**
 * Keeps a signed notification whose amount cannot be read, already closed (the worker never takes it), so
 * staff see it in Rekonsiliasi and decide with the provider's own answer. Once per transaction and status,
 * like any delivery.
 */
export async function storeUnreadable(
  pool: Pool,
  tenantId: number,
  body: MidtransNotificationBody,
): Promise<typeof UNREADABLE_AMOUNT | 'duplicate'> {
  const k = inboxKey(body);
  const row = await withTenant(
    pool,
    tenantId,
    (c) =>
      c.db
        .insertInto('payment_inbox')
        .values({
          tenant_id: tenantId,
          order_id: body.order_id,
          transaction_id: k.transactionId,
          transaction_status: k.status,
          body,
          processed_at: sql<Date>`now()`,
          outcome: UNREADABLE_AMOUNT,
          last_error: `Jumlah "${body.gross_amount}" tidak terbaca.`.slice(0, 500),
        })
        .onConflict((oc) => oc.columns(['tenant_id', 'transaction_id', 'transaction_status']).doNothing())
        .returning('id')
        .executeTakeFirst(),
    EVERY_SCHOOL,
  );
  return row ? UNREADABLE_AMOUNT : 'duplicate';
}
