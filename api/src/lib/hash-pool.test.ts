import { createHashPool, HashPoolFull } from './hash-pool';

/** A task that finishes only when the test says so. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { task: () => done, finish };
}

describe('hash pool', () => {
  it('runs at most `concurrency` hashes, queues what it can finish in time and refuses the rest at once', async () => {
    const pool = createHashPool({ concurrency: 2, maxWaitMs: 60_000, queueMax: 1 });
    const tasks = [held(), held(), held()];
    const started: number[] = [];
    const runs = tasks.map((h, i) =>
      pool.run(async () => {
        started.push(i);
        await h.task();
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(pool.stats()).toMatchObject({ active: 2, queued: 1 });
    expect(pool.room()).toBe(0);
    await expect(pool.run(async () => 'late')).rejects.toBeInstanceOf(HashPoolFull);

    tasks[0]!.finish();
    await runs[0];
    // The freed slot went to the queued hash, not to whoever called next.
    expect(started).toEqual([0, 1, 2]);
    expect(pool.stats()).toMatchObject({ active: 2, queued: 0 });
    expect(pool.room()).toBe(1);
    tasks[1]!.finish();
    tasks[2]!.finish();
    await expect(Promise.all(runs)).resolves.toEqual([0, 1, 2]);
    expect(pool.stats()).toMatchObject({ active: 0, queued: 0 });
    expect(pool.room()).toBe(3);
  });

  it('queues nothing when no wait is allowed', async () => {
    const pool = createHashPool({ concurrency: 1, maxWaitMs: 0, queueMax: 100 });
    const h = held();
    const first = pool.run(h.task);
    await expect(pool.run(async () => 1)).rejects.toBeInstanceOf(HashPoolFull);
    h.finish();
    await first;
    await expect(pool.run(async () => 2)).resolves.toBe(2);
  });

  it('gives the slot back when a hash fails', async () => {
    const pool = createHashPool({ concurrency: 1, maxWaitMs: 0, queueMax: 0 });
    await expect(pool.run(() => Promise.reject(new Error('bad')))).rejects.toThrow('bad');
    await expect(pool.run(async () => 'ok')).resolves.toBe('ok');
  });
});
