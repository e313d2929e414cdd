import { PgBoss } from 'pg-boss';
import type { Pool } from '../db/pool';
import { EVERY_SCHOOL, type TenantConn, withTenant, withTenantTx } from '../db/tenant-db';
import { jobErrorMessage, markFailed, markFinished, markRunning } from './tracking';

/** What every job carries: its tenant, and the staff-visible row it reports to (when a person asked for it). */
export interface JobPayload<D = Record<string, unknown>> {
  tenantId: number;
  trackId?: number | null;
  data?: D;
}

/** What a handler receives: the tenant-bound database (like a request's `req.db` / `req.tx`) and its job. */
export interface JobRun<D> {
  tenantId: number;
  trackId: number | null;
  data: D;
  /** 0 on the first run, then 1, 2, … on retries. */
  retryCount: number;
  /** True once the process started stopping: a long handler returns early and leaves the rest for later. */
  stopping(): boolean;
  db<T>(fn: (c: TenantConn) => Promise<T>): Promise<T>;
  tx<T>(fn: (c: TenantConn) => Promise<T>): Promise<T>;
}

export interface JobDefinition<D = Record<string, unknown>> {
  name: string;
  run(job: JobRun<D>): Promise<void>;
  /** Retries after a thrown error, each waiting longer (pg-boss backoff). Default 3, first after 5 s. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Handlers running at once in this process. Default 2. */
  concurrency?: number;
  /**
   * At most one job waiting and one running per singleton key (pg-boss "stately" queue), e.g. one delivery
   * run per tenant: asking again while one waits is a no-op.
   */
  stately?: boolean;
  /**
   * Workers prove they are alive this often; a job whose worker died (killed process) is failed and retried
   * after it instead of waiting for its expiry (needed where one run per key blocks the next).
   */
  heartbeatSeconds?: number;
  /** False when the tracked row is finished by someone else (e.g. when the last message of a batch is out). */
  finishesTracking?: boolean;
}

export interface SendOptions {
  /** Seconds to wait before the job may start. */
  startAfter?: number;
  singletonKey?: string;
}

/** The background-job runtime of one api process. */
export interface JobRuntime {
  readonly enabled: boolean;
  define<D>(def: JobDefinition<D>): void;
  /** Called once the runtime has started (e.g. to pick up work a previous process left). */
  onStarted(fn: () => Promise<void>): void;
  /** Runs `fn` on a cron schedule (UTC), once per tick across all instances. */
  every(name: string, cron: string, fn: () => Promise<void>): void;
  send<D>(name: string, payload: JobPayload<D>, options?: SendOptions): Promise<string | null>;
  start(): Promise<void>;
  /** Stops taking jobs, waits for the running ones (at most `timeoutMs`), then closes its connections. */
  stop(): Promise<void>;
  readonly stopping: boolean;
}

export interface JobRuntimeOptions {
  /** Connection string of the login user: pg-boss keeps its own tables in schema `pgboss`. */
  databaseUrl: string;
  /** The app's runtime pool (role psb_app): handlers work under row-level security, bound to the tenant. */
  pool: Pool;
  log?: (message: string) => void;
  stopTimeoutMs?: number;
  /** How often an idle worker looks for jobs (seconds, at least 0.5). Default 1. */
  pollingIntervalSeconds?: number;
}

export const PGBOSS_SCHEMA = 'pgboss';

/** Runs every background job on pg-boss: any api instance may take any job; jobs survive a restart. */
export function createJobRuntime(opts: JobRuntimeOptions): JobRuntime {
  const defs = new Map<string, JobDefinition<unknown>>();
  const started: (() => Promise<void>)[] = [];
  const periodic: { name: string; cron: string; fn: () => Promise<void> }[] = [];
  const log = opts.log ?? (() => {});
  let boss: PgBoss | undefined;
  let stopping = false;
  let starting: Promise<void> | undefined;

  const jobRun = <D>(payload: JobPayload<D>, retryCount: number): JobRun<D> => ({
    tenantId: payload.tenantId,
    trackId: payload.trackId ?? null,
    data: (payload.data ?? {}) as D,
    retryCount,
    stopping: () => stopping,
    db: (fn) => withTenant(opts.pool, payload.tenantId, fn, EVERY_SCHOOL),
    tx: (fn) => withTenantTx(opts.pool, payload.tenantId, fn, EVERY_SCHOOL),
  });

  async function handle(def: JobDefinition<unknown>, payload: JobPayload, retryCount: number) {
    const run = jobRun(payload, retryCount);
    const retryLimit = def.retryLimit ?? 3;
    if (run.trackId) await run.db((c) => markRunning(c, run.trackId!, retryCount + 1));
    try {
      await def.run(run);
      if (run.trackId && def.finishesTracking !== false) await run.db((c) => markFinished(c, run.trackId!));
    } catch (err) {
      const final = retryCount >= retryLimit;
      log(
        `job ${def.name} (tenant ${run.tenantId}) failed: ${err instanceof Error ? err.message : String(err)}`,
      );
      if (run.trackId) {
        await run.db((c) => markFailed(c, run.trackId!, jobErrorMessage(err), final)).catch(() => {});
      }
      throw err;
    }
  }

  async function start() {
    const b = new PgBoss({
      connectionString: opts.databaseUrl,
      schema: PGBOSS_SCHEMA,
      max: 4,
      application_name: 'psb-jobs',
    });
    b.on('error', (err: unknown) => log(`pg-boss: ${err instanceof Error ? err.message : String(err)}`));
    await b.start();
    for (const def of defs.values()) {
      await b.createQueue(def.name, {
        retryLimit: def.retryLimit ?? 3,
        retryDelay: def.retryDelaySeconds ?? 5,
        retryBackoff: true,
        retryDelayMax: 600,
        expireInSeconds: 15 * 60,
        ...(def.stately ? { policy: 'stately' as const } : {}),
        ...(def.heartbeatSeconds ? { heartbeatSeconds: def.heartbeatSeconds } : {}),
      });
      await b.work<JobPayload>(
        def.name,
        {
          localConcurrency: def.concurrency ?? 2,
          batchSize: 1,
          pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 1,
        },
        async ([job]) => {
          if (job) await handle(def, job.data, job.retryCount);
        },
      );
    }
    for (const p of periodic) {
      await b.createQueue(p.name, { retryLimit: 0, expireInSeconds: 5 * 60 });
      await b.work(p.name, { pollingIntervalSeconds: 5 }, () => p.fn());
      await b.schedule(p.name, p.cron);
    }
    boss = b;
    for (const fn of started) await fn().catch((err) => log(`job start hook failed: ${String(err)}`));
  }

  return {
    get enabled() {
      return true;
    },
    get stopping() {
      return stopping;
    },
    define(def) {
      defs.set(def.name, def as JobDefinition<unknown>);
    },
    onStarted(fn) {
      started.push(fn);
    },
    every(name, cron, fn) {
      periodic.push({ name, cron, fn });
    },
    async send(name, payload, options = {}) {
      if (!boss) await starting;
      if (!boss || stopping) return null;
      return boss.send(name, payload, {
        ...(options.startAfter ? { startAfter: Math.max(1, Math.ceil(options.startAfter)) } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      });
    },
    start() {
      starting ??= start();
      return starting;
    },
    async stop() {
      stopping = true;
      await starting?.catch(() => {});
      await boss?.stop({ graceful: true, close: true, timeout: opts.stopTimeoutMs ?? 10_000 });
      boss = undefined;
    },
  };
}

/** The runtime of an app built without a database URL for jobs (most api tests): nothing runs. */
export function inertJobRuntime(): JobRuntime {
  return {
    enabled: false,
    stopping: false,
    define() {},
    onStarted() {},
    every() {},
    send: async () => null,
    start: async () => {},
    stop: async () => {},
  };
}
