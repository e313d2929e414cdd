// The hash floor of admission day: how many argon2id verifications the machine does per second on all its
// cores, at the cost the server itself stores (a hash it wrote, so its parameters are the server's own).
import { createRequire } from 'node:module';
import os from 'node:os';
import { root } from '../lib/workspace.mjs';

/** Hashes a parent cost before sessions came with registration: register, sign in, re-check on redemption. */
export const HASHES_PER_PARENT_BEFORE = 3;

/**
 * Verifies `storedHash` on every core at once for `seconds` (after a short warm-up) and returns hashes/s.
 * @node-rs/argon2 runs each verification on the libuv pool, so `cores` loops in flight keep all cores busy.
 */
export async function measureHashFloor(storedHash, password, { seconds = 4 } = {}) {
  const { verify } = createRequire(`${root}/api/package.json`)('@node-rs/argon2');
  const cores = os.availableParallelism();
  const loop = async (until, count) => {
    let n = 0;
    while (performance.now() < until) {
      if (!(await verify(storedHash, password)))
        throw new Error('hash floor: the stored hash did not verify');
      n++;
    }
    count(n);
  };
  const run = async (ms) => {
    let total = 0;
    const began = performance.now();
    await Promise.all(Array.from({ length: cores }, () => loop(began + ms, (n) => (total += n))));
    return total / ((performance.now() - began) / 1000);
  };
  await run(500);
  const perSecond = await run(seconds * 1000);
  return {
    cores,
    perSecond,
    /** Parents per minute the machine could admit if a parent cost three hashes and nothing else. */
    floorPerMinute: (perSecond / HASHES_PER_PARENT_BEFORE) * 60,
  };
}
