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
 * Notifications of a tenant arriving in the same turn of the event loop share one INSERT (and so one commit,
 * the costly part), at most BATCH_MAX rows each.
 */
const BATCH_MAX = 100;
type Waiting = {
  body: MidtransNotificationBody;
  key: string;
  resolve: (o: StoreOutcome) => void;
  reject: (e: unknown) => void;
};
const waitingBy = new WeakMap<Pool, Map<number, Waiting[]>>();

export function storeNotification(
  pool: Pool,
  tenantId: number,
  body: MidtransNotificationBody,
): Promise<StoreOutcome> {
  const k = inboxKey(body);
  const key = `${tenantId}|${k.transactionId}|${k.status}`;
  if (storedOf(pool).has(key)) return Promise.resolve('duplicate');
  return new Promise((resolve, reject) => {
    let byTenant = waitingBy.get(pool);
    if (!byTenant) {
      byTenant = new Map();
      waitingBy.set(pool, byTenant);
    }
    const queue = byTenant.get(tenantId) ?? [];
    if (queue.length === 0) {
      byTenant.set(tenantId, queue);
      setImmediate(() => {
        byTenant.delete(tenantId);
        for (let at = 0; at < queue.length; at += BATCH_MAX)
          void insertBatch(pool, tenantId, queue.slice(at, at + BATCH_MAX));
      });
    }
    queue.push({ body, key, resolve, reject });
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
                body: JSON.stringify(w.body),
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
