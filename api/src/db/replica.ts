import type { Pool } from './pool';

/**
 * A streaming replica for reads that may be a moment behind (reports, their exports, the dashboard, the big
 * exports): never for what a user just wrote and reads back, which stays on the primary.
 */
export interface Replica {
  /** Runtime pool on the replica (psb_app, bound per unit of work like the primary's). */
  pool: Pool;
  /** Export connections on the replica (see EXPORT_POOL_MAX). */
  exportPool: Pool;
  /** Whether reads may go to the replica now: it answers and lags no more than allowed. */
  usable(): Promise<boolean>;
}

export interface ReplicaOptions {
  pool: Pool;
  exportPool: Pool;
  /** Beyond this lag (DATABASE_REPLICA_MAX_LAG_MS) reads go to the primary. */
  maxLagMs: number;
  log: (message: string) => void;
  /** How long one verdict is reused (default 1 s): a probe per read would cost a round trip each. */
  recheckMs?: number;
}

/**
 * Probes the replica at most once per `recheckMs` (concurrent reads share one probe) and says when the reads
 * change sides, so the log tells when and why reports left the replica and when they came back.
 */
export function createReplica({
  pool,
  exportPool,
  maxLagMs,
  log,
  recheckMs = 1000,
}: ReplicaOptions): Replica {
  let verdict = { usable: false, until: 0, why: 'not probed yet' };
  let probing: Promise<void> | null = null;
  const probe = async () => {
    let why: string;
    try {
      const { rows } = await pool.query<{ lag: number }>('SELECT app_replica_lag_ms() AS lag');
      const lag = Number(rows[0]?.lag);
      why =
        lag <= maxLagMs
          ? ''
          : `lags ${Number.isFinite(lag) ? `${Math.round(lag)} ms` : 'without end'} (> ${maxLagMs} ms)`;
    } catch (err) {
      why = `does not answer (${err instanceof Error ? err.message : String(err)})`;
    }
    const usable = why === '';
    const first = verdict.until === 0;
    if (usable !== verdict.usable || (first && !usable))
      log(usable ? 'replica: reads go to the replica' : `replica ${why}: reads go to the primary`);
    verdict = { usable, until: Date.now() + recheckMs, why };
  };
  return {
    pool,
    exportPool,
    async usable() {
      if (Date.now() >= verdict.until) {
        probing ??= probe().finally(() => {
          probing = null;
        });
        await probing;
      }
      return verdict.usable;
    },
  };
}
