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
   * Who the connections run as, always without leaving it to the request:
   * - `app` (default, one DATABASE_URL for everything): the login user switches to the NOLOGIN role psb_app
   *   with the startup option `-c role=psb_app`, so policies apply even to a superuser or the table owner.
   *   Needs a direct connection: PgBouncer refuses startup options.
   * - `runtime`: the URL's own login role, with no startup options (through a pooler). It must be a role
   *   that cannot bypass row-level security, e.g. psb_runtime, whose server-side default role is psb_app
   *   (migration 0290); see assertNoRlsBypass.
   * - `owner`: the login user itself, for migrations, seeding and tests.
   */
  as?: 'app' | 'runtime' | 'owner';
  /**
   * Named prepared statements on this pool's connections (default true). Off behind a pooler in transaction
   * mode that does not track them (Debian's PgBouncer 1.18): the next transaction may run on a server
   * connection where the name was never prepared.
   */
  preparedStatements?: boolean;
  /** Give up connecting after this long (default: pg's, none), e.g. for a replica that may be gone. */
  connectTimeoutMs?: number;
}

const noPrepared = new WeakSet<Pool>();

/** Whether named prepared statements may be used on the pool's connections. */
export const preparesStatements = (pool: Pool) => !noPrepared.has(pool);

export function createPool(
  databaseUrl: string,
  { max = 10, as = 'app', preparedStatements = true, connectTimeoutMs }: PoolOptions = {},
): Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max,
    idleTimeoutMillis: 30_000,
    ...(connectTimeoutMs ? { connectionTimeoutMillis: connectTimeoutMs } : {}),
    // Set as a startup parameter, so no query on this connection can ever run as the owner.
    ...(as === 'app' ? { options: '-c role=psb_app' } : {}),
  });
  if (!preparedStatements) noPrepared.add(pool);
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor may a checked-out one (an export waiting on a slow reader, a transaction between statements) when the
  // server ends its session (restart, failover: 57P01): its pending queries already reject with the error, and
  // the pool discards the broken client when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/** Thrown when a runtime pool's connections could read past row-level security. */
export class RlsBypassError extends Error {}

/**
 * Refuses a runtime pool whose connections run as a superuser or a role with BYPASSRLS: every tenant's rows
 * would be open to every request (e.g. a pooler that drops the `-c role=psb_app` option and leaves the app
 * connected as the owner).
 */
export async function assertNoRlsBypass(pool: Pool, what: string): Promise<void> {
  const { rows } = await pool.query<{ role: string; bypass: boolean }>(
    'SELECT current_user AS role, rolsuper OR rolbypassrls AS bypass FROM pg_roles WHERE rolname = current_user',
  );
  const row = rows[0];
  if (!row || row.bypass)
    throw new RlsBypassError(
      `${what} runs as ${row?.role ?? 'an unknown role'}, which bypasses row-level security (superuser or BYPASSRLS): ` +
        'every foundation would see every other foundation’s data. Connect as a role without it ' +
        '(e.g. psb_runtime, whose default role is psb_app), or give one DATABASE_URL and let the app switch to psb_app.',
    );
}
