import { EventEmitter } from 'node:events';
import type { Pool, PoolClient } from '../../db/pool';

/**
 * "A registrant's bills changed", for the parent's open payment page, which waits on a long poll. The change
 * is announced with pg_notify right after the transaction that made it commits (outside it: a NOTIFY inside
 * would hold PostgreSQL's notify lock across the commit's disk flush and serialise every payment), so it reaches
 * every api instance when (and only if) the change committed; each instance keeps one listening connection
 * and wakes its waiters. state.ts sends it.
 */
export const CHANNEL = 'bill_changed';

export interface BillSignals {
  /**
   * Resolves true when the registrant's bills change (or `changedAlready`, run once the listener is in place
   * so no change can slip between the parent's last read and the wait, says so), false after `timeoutMs` or
   * when `abort` fires.
   */
  wait(
    tenantId: number,
    registrantId: number,
    opts: { timeoutMs: number; abort: AbortSignal; changedAlready: () => Promise<boolean> },
  ): Promise<boolean>;
  close(): Promise<void>;
}

export function createBillSignals(pool: Pool, log: (m: string) => void): BillSignals {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  let client: PoolClient | null = null;
  let starting: Promise<void> | null = null;
  let closed = false;
  /** Listening connections already given back to the pool: each goes back once. */
  const returned = new WeakSet<PoolClient>();

  const start = () => {
    starting ??= (async () => {
      const c = await pool.connect();
      c.on('notification', (n) => {
        if (n.channel === CHANNEL && n.payload) events.emit(n.payload);
      });
      c.on('error', (err) => {
        // A broken listening connection is replaced on the next wait; waiters time out and poll again. An error
        // after close() (the connection already back in the pool) or a second one gives nothing back again.
        log(`bill signals: ${err.message}`);
        if (returned.has(c)) return;
        returned.add(c);
        c.release(err);
        if (client === c) client = null;
        starting = null;
      });
      await c.query(`LISTEN ${CHANNEL}`);
      client = c;
    })().catch((err) => {
      starting = null;
      throw err;
    });
    return starting;
  };

  return {
    async wait(tenantId, registrantId, { timeoutMs, abort, changedAlready }) {
      if (closed) return false;
      await start();
      const key = `${tenantId}:${registrantId}`;
      return new Promise<boolean>((resolve) => {
        const done = (changed: boolean) => {
          clearTimeout(timer);
          events.off(key, onChange);
          abort.removeEventListener('abort', onAbort);
          resolve(changed);
        };
        const onChange = () => done(true);
        const onAbort = () => done(false);
        const timer = setTimeout(() => done(false), timeoutMs);
        events.on(key, onChange);
        abort.addEventListener('abort', onAbort);
        changedAlready().then(
          (changed) => changed && done(true),
          () => done(false),
        );
      });
    },
    async close() {
      closed = true;
      events.removeAllListeners();
      const c = client;
      client = null;
      if (c && !returned.has(c)) {
        await c.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
        if (returned.has(c)) return;
        returned.add(c);
        c.release();
      }
    },
  };
}

const announcing = new WeakMap<Pool, { keys: Set<string>; busy: boolean }>();

/**
 * Announces changes that are already committed, gathered: keys asked while one announcement is on its way
 * go out together in the next, so a burst of payments costs a few NOTIFY transactions, not one each. For
 * callers without a transaction hook (the notification endpoint's one-statement path); the channel and
 * payload are the ones state.ts uses.
 */
export function announceBillChange(pool: Pool, tenantId: number, registrantId: number) {
  let q = announcing.get(pool);
  if (!q) {
    q = { keys: new Set(), busy: false };
    announcing.set(pool, q);
  }
  q.keys.add(`${tenantId}:${registrantId}`);
  if (!q.busy) void flush(pool, q);
}

async function flush(pool: Pool, q: { keys: Set<string>; busy: boolean }) {
  q.busy = true;
  try {
    while (q.keys.size > 0) {
      const keys = [...q.keys];
      q.keys.clear();
      // A lost announcement only delays a waiting page until its long poll times out and it reads again.
      await pool
        .query('SELECT pg_notify($1, k) FROM unnest($2::text[]) AS k', [CHANNEL, keys])
        .catch(() => undefined);
    }
  } finally {
    q.busy = false;
  }
}
