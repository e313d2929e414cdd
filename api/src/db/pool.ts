import pg from 'pg';

// Dates stay 'YYYY-MM-DD' strings (a JS Date would shift them by the server's time zone), and bigint
// (money in rupiah, counts) becomes a number: every amount we store is far below 2^53.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

export interface PoolOptions {
  max?: number;
  /**
   * `app` (default): every connection runs as the NOLOGIN role psb_app, which is subject to row-level
   * security even when the login user is a superuser or the table owner. `owner`: the login user itself, for
   * migrations, seeding and tests.
   */
  as?: 'app' | 'owner';
}

export function createPool(databaseUrl: string, { max = 10, as = 'app' }: PoolOptions = {}): Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max,
    idleTimeoutMillis: 30_000,
    // Set as a startup parameter, so no query on this connection can ever run as the owner.
    ...(as === 'app' ? { options: '-c role=psb_app' } : {}),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor may a checked-out one (an export waiting on a slow reader, a transaction between statements) when the
  // server ends its session (restart, failover: 57P01): its pending queries already reject with the error, and
  // the pool discards the broken client when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}
