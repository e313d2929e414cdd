import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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
  let calls = 0;
  const sweep = () => {
    // Now and then drop long-expired rows so the table stays small.
    if (++calls % 500 === 0)
      pool.query("DELETE FROM rate_limits WHERE reset_at < now() - interval '1 hour'").catch(() => {});
  };
  const toCounter = (r: { count: number; retry_after: number } | undefined): Counter =>
    r ? { count: r.count, retryAfter: Number(r.retry_after) } : { count: 0, retryAfter: 0 };
  return {
    async hit(key, windowSec) {
      sweep();
      const { rows } = await pool.query<{ count: number; retry_after: number }>(
        `INSERT INTO rate_limits AS l (key, count, reset_at) VALUES ($1, 1, now() + make_interval(secs => $2))
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN l.reset_at <= now() THEN 1 ELSE l.count + 1 END,
           reset_at = CASE WHEN l.reset_at <= now() THEN EXCLUDED.reset_at ELSE l.reset_at END
         RETURNING count, extract(epoch FROM reset_at - now())::float8 AS retry_after`,
        [key, windowSec],
      );
      return toCounter(rows[0]);
    },
    async peek(key) {
      const { rows } = await pool.query<{ count: number; retry_after: number }>(
        `SELECT count, extract(epoch FROM reset_at - now())::float8 AS retry_after
         FROM rate_limits WHERE key = $1 AND reset_at > now()`,
        [key],
      );
      return toCounter(rows[0]);
    },
    async reset(key) {
      await pool.query('DELETE FROM rate_limits WHERE key = $1', [key]);
    },
  };
}

export default fp(
  async function rateLimit(app: FastifyInstance, { pool }: { pool: Pool }) {
    app.decorate('rateLimit', createRateLimiter(pool));
  },
  { name: 'rate-limit' },
);
