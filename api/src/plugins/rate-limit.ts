import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { kyselyOnPool } from '../db/kysely';
import type { Pool } from '../db/pool';
import { HttpError } from '../lib/http-error';

export interface Counter {
  count: number;
  /** Seconds until the window resets. */
  retryAfter: number;
}

export interface RateLimiter {
  /** Counts one event for `key` in a fixed window of `windowSec`; returns the count so far. */
  hit(key: string, windowSec: number): Promise<Counter>;
  /** Current count without counting (0 when the window is over). */
  peek(key: string): Promise<Counter>;
  reset(key: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimit: RateLimiter;
  }
}

/** The Indonesian 429 with a Retry-After header. */
export function tooMany(retryAfter: number, what = 'percobaan'): HttpError {
  const secs = Math.max(1, Math.ceil(retryAfter));
  const when = secs < 60 ? `${secs} detik` : `${Math.ceil(secs / 60)} menit`;
  return new HttpError(429, `Terlalu banyak ${what}. Silakan coba lagi dalam ${when}.`, undefined, {
    'retry-after': String(secs),
  });
}

/**
 * Fixed-window counters in PostgreSQL (an UNLOGGED table), so every api instance shares them: one
 * `INSERT … ON CONFLICT … RETURNING` per event, atomic under concurrency.
 */
export function createRateLimiter(pool: Pool): RateLimiter {
  const db = kyselyOnPool(pool);
  let calls = 0;
  const sweep = () => {
    // Now and then drop long-expired rows so the table stays small.
    if (++calls % 500 === 0)
      db.deleteFrom('rate_limits')
        .where('reset_at', '<', sql<Date>`now() - interval '1 hour'`)
        .execute()
        .catch(() => {});
  };
  const retryAfter = sql<number>`extract(epoch FROM reset_at - now())::float8`.as('retry_after');
  const toCounter = (r: { count: number; retry_after: number } | undefined): Counter =>
    r ? { count: r.count, retryAfter: Number(r.retry_after) } : { count: 0, retryAfter: 0 };
  return {
    async hit(key, windowSec) {
      sweep();
      const row = await db
        .insertInto('rate_limits')
        .values({ key, count: 1, reset_at: sql<Date>`now() + make_interval(secs => ${windowSec})` })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => {
            const over = eb('rate_limits.reset_at', '<=', sql<Date>`now()`);
            return {
              count: eb
                .case()
                .when(over)
                .then(1)
                .else(eb('rate_limits.count', '+', 1))
                .end(),
              reset_at: eb
                .case()
                .when(over)
                .then(eb.ref('excluded.reset_at'))
                .else(eb.ref('rate_limits.reset_at'))
                .end(),
            };
          }),
        )
        .returning(['count', retryAfter])
        .executeTakeFirst();
      return toCounter(row);
    },
    async peek(key) {
      const row = await db
        .selectFrom('rate_limits')
        .select(['count', retryAfter])
        .where('key', '=', key)
        .where('reset_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      return toCounter(row);
    },
    async reset(key) {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },
  };
}

export default fp(
  async function rateLimit(app: FastifyInstance, { pool }: { pool: Pool }) {
    app.decorate('rateLimit', createRateLimiter(pool));
  },
  { name: 'rate-limit' },
);
