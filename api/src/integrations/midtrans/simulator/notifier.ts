import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../../db/kysely';

type Json = Record<string, unknown>;

/** Minutes before each retry (Midtrans jitters these a little). */
export const RETRY_MINUTES = [2, 10, 30, 90, 210] as const;

/** The wait before retry number `retry` (0-based), on the time scale. */
export const retryDelayMs = (retry: number, timeScale: number) =>
  (RETRY_MINUTES[retry] ?? RETRY_MINUTES[RETRY_MINUTES.length - 1]!) * 60_000 * timeScale;

/**
 * How often Midtrans retries after a first reply with this status (null: no reply at all). 307/308 are
 * followed before this is asked.
 */
export function retriesFor(status: number | null): number {
  if (status === null) return 5;
  if (status >= 200 && status < 300) return 0;
  if (status === 500) return 1;
  if (status === 503) return 4;
  if (status === 400 || status === 404) return 2;
  if (status === 301 || status === 302 || status === 303) return 0;
  return 5;
}

/** Where notifications go: a URL over HTTP, or a path of this app through app.inject. */
export type NotificationTarget = { url: string } | { path: string };

export const DEFAULT_NOTIFICATION_PATH = '/api/v1/us/midtrans_notification';

const HEADERS = { 'content-type': 'application/json', 'user-agent': 'Veritrans' };
const MAX_REDIRECTS = 5;
const REPLY_TIMEOUT_MS = 15_000;

export interface NotifierOptions {
  db: () => Db;
  app: () => FastifyInstance;
  target: NotificationTarget;
  /** Multiplies the retry schedule (1 = Midtrans' minutes; tests use a tiny factor). */
  timeScale: () => number;
  log: (message: string) => void;
}

/**
 * Sends notifications off the request path and keeps every attempt in midtrans_simulator_notifications.
 * Each delivery is one promise (first attempt, waits, retries); `idle()` waits for all of them.
 */
export function createNotifier(opts: NotifierOptions) {
  const running = new Set<Promise<void>>();
  const sleeping = new Set<{ timer: NodeJS.Timeout; wake: () => void }>();
  let closed = false;

  const targetText = 'url' in opts.target ? opts.target.url : `inject:${opts.target.path}`;

  async function post(body: string): Promise<number | null> {
    try {
      if ('path' in opts.target) {
        const res = await opts
          .app()
          .inject({ method: 'POST', url: opts.target.path, headers: HEADERS, payload: body });
        return res.statusCode;
      }
      let url = opts.target.url;
      for (let hop = 0; ; hop++) {
        const res = await fetch(url, {
          method: 'POST',
          headers: HEADERS,
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(REPLY_TIMEOUT_MS),
        });
        await res.body?.cancel();
        const location = res.headers.get('location');
        if ((res.status === 307 || res.status === 308) && location && hop < MAX_REDIRECTS) {
          url = new URL(location, url).toString();
          continue;
        }
        return res.status;
      }
    } catch (err) {
      opts.log(`Midtrans simulator: notification not delivered: ${err instanceof Error ? err.message : err}`);
      return null;
    }
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (closed) return resolve();
      const entry = {
        wake: () => {
          sleeping.delete(entry);
          resolve();
        },
        timer: setTimeout(() => entry.wake(), ms),
      };
      entry.timer.unref();
      sleeping.add(entry);
    });

  type Claimed = { body: unknown; retries_left: number | null };

  /**
   * One attempt on a row, claimed by its attempt count so two instances never send the same attempt. A row
   * inserted already claimed for its first attempt (`send`) comes with its body.
   */
  async function attempt(id: number, attempts: number, claimed?: Claimed): Promise<{ again: number } | null> {
    const row =
      claimed ??
      (await opts
        .db()
        .updateTable('midtrans_simulator_notifications')
        // The lease keeps a sweep (here or on another instance) off a row whose attempt is still in flight.
        .set({ attempts: attempts + 1, next_attempt_at: sql`now() + interval '1 minute'` })
        .where('id', '=', id)
        .where('state', '=', 'pending')
        .where('attempts', '=', attempts)
        .returning(['body', 'retries_left'])
        .executeTakeFirst());
    if (!row) return null;
    const status = await post(JSON.stringify(row.body));
    const ok = status !== null && status >= 200 && status < 300;
    const retriesLeft = row.retries_left ?? retriesFor(status);
    const retry = !ok && retriesLeft > 0;
    const waitMs = retry ? retryDelayMs(attempts, opts.timeScale()) : 0;
    await opts
      .db()
      .updateTable('midtrans_simulator_notifications')
      .set({
        state: ok ? 'delivered' : retry ? 'pending' : 'failed',
        retries_left: retry ? retriesLeft - 1 : 0,
        last_status: status,
        last_error: ok ? null : status === null ? 'no reply' : `HTTP ${status}`,
        next_attempt_at: sql`now() + ${`${waitMs} milliseconds`}::interval`,
        ...(ok ? { delivered_at: new Date() } : {}),
      })
      .where('id', '=', id)
      .execute();
    return retry ? { again: waitMs } : null;
  }

  async function deliver(
    id: number,
    attempts: number,
    firstDone?: () => void,
    claimed?: Claimed,
  ): Promise<void> {
    let next = attempts;
    try {
      for (;;) {
        const outcome = await attempt(id, next, next === attempts ? claimed : undefined);
        firstDone?.();
        if (!outcome || closed) return;
        next += 1;
        await sleep(outcome.again);
        if (closed) return;
      }
    } finally {
      firstDone?.();
    }
  }

  function track(p: Promise<void>) {
    const guarded = p.catch((err) =>
      opts.log(`Midtrans simulator: notification failed: ${err instanceof Error ? err.message : err}`),
    );
    running.add(guarded);
    void guarded.finally(() => running.delete(guarded));
  }

  /** Rows for the bodies, each already claimed for its first attempt (one statement instead of two each). */
  async function insert(bodies: Json[]): Promise<number[]> {
    if (bodies.length === 0) return [];
    const rows = await opts
      .db()
      .insertInto('midtrans_simulator_notifications')
      .values(
        bodies.map((b) => ({
          order_id: String(b.order_id),
          transaction_status: String(b.transaction_status),
          body: JSON.stringify(b),
          target: targetText,
          attempts: 1,
          next_attempt_at: sql`now() + interval '1 minute'`,
        })),
      )
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  return {
    /**
     * Sends the groups one after another; the bodies of a group at the same time (duplicates). Returns at
     * once: delivery runs in the background.
     */
    send(groups: Json[][]): void {
      if (closed) return;
      track(
        (async () => {
          for (const group of groups) {
            const ids = await insert(group);
            // The group's first attempts go out together; the next group waits for them, not for retries.
            await Promise.all(
              ids.map(
                (id, i) =>
                  new Promise<void>((resolve) =>
                    track(deliver(id, 0, resolve, { body: group[i], retries_left: null })),
                  ),
              ),
            );
          }
        })(),
      );
    },
    /** Resends notifications whose retry time passed (after a restart, or from another instance). */
    async resumeDue(): Promise<number> {
      const due = await opts
        .db()
        .selectFrom('midtrans_simulator_notifications')
        .select(['id', 'attempts'])
        .where('state', '=', 'pending')
        .where('next_attempt_at', '<=', new Date())
        .orderBy('id')
        .limit(500)
        .execute();
      for (const row of due) track(deliver(row.id, row.attempts));
      return due.length;
    },
    /** Resolves once nothing is being sent or waiting for a retry. */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all([...running]);
    },
    close(): void {
      closed = true;
      for (const s of [...sleeping]) {
        clearTimeout(s.timer);
        s.wake();
      }
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
