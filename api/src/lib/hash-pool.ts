import os from 'node:os';

/**
 * Password hashing is the one cost of admission day that grows with the crowd: each argon2id run takes a
 * core for tens of milliseconds. The pool runs at most `concurrency` of them at once (by default every core
 * but one, so the event loop and PostgreSQL keep a core) and lets only as many wait as it can finish within
 * `maxWaitMs`; anything beyond is refused at once with HashPoolFull instead of queueing until browsers give up.
 */
export interface HashPoolOptions {
  concurrency: number;
  /** Longest a queued hash may be expected to wait before it starts. */
  maxWaitMs: number;
  /** Hard cap on queued hashes, whatever the measured speed. */
  queueMax: number;
}

export const defaultHashConcurrency = () => Math.max(1, os.availableParallelism() - 1);

export const DEFAULT_HASH_POOL: HashPoolOptions = {
  concurrency: defaultHashConcurrency(),
  maxWaitMs: 2000,
  queueMax: 64,
};

/** The pool cannot take this hash in time; the caller answers 503 and asks the client to come back. */
export class HashPoolFull extends Error {
  constructor() {
    super('hash pool full');
  }
}

export interface HashPoolStats {
  concurrency: number;
  active: number;
  queued: number;
  /** Measured (moving average) milliseconds one hash takes. */
  hashMs: number;
}

export interface HashPool {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Hashes the pool would accept right now (free workers plus queue places it can still finish in time). */
  room(): number;
  stats(): HashPoolStats;
}

// Until a hash has been timed: the OWASP cost on a slow core.
const FIRST_GUESS_MS = 50;

export function createHashPool(options: HashPoolOptions = DEFAULT_HASH_POOL): HashPool {
  const concurrency = Math.max(1, options.concurrency);
  let active = 0;
  let hashMs = FIRST_GUESS_MS;
  const queue: (() => void)[] = [];

  /** Queue places whose hashes would still start within maxWaitMs at the measured speed. */
  const queueCapacity = () =>
    Math.min(options.queueMax, Math.floor((options.maxWaitMs / hashMs) * concurrency));

  /** Runs a task on a slot already held; the slot passes straight to the next queued task, if any. */
  const exec = async <T>(task: () => Promise<T>): Promise<T> => {
    const began = performance.now();
    try {
      return await task();
    } finally {
      hashMs = hashMs * 0.8 + (performance.now() - began) * 0.2;
      const next = queue.shift();
      if (next) next();
      else active--;
    }
  };

  return {
    run(task) {
      if (active < concurrency) {
        active++;
        return exec(task);
      }
      if (queue.length >= queueCapacity()) return Promise.reject(new HashPoolFull());
      return new Promise<void>((resolve) => queue.push(resolve)).then(() => exec(task));
    },
    room: () => Math.max(0, concurrency - active) + Math.max(0, queueCapacity() - queue.length),
    stats: () => ({ concurrency, active, queued: queue.length, hashMs }),
  };
}
