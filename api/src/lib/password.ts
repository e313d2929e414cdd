import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { createHashPool, type HashPool } from './hash-pool';

/** argon2id cost. The defaults follow OWASP's argon2id minimum (19 MiB, 2 passes); tests pass cheaper ones. */
export interface HashParams {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}
export const DEFAULT_HASH_PARAMS: HashParams = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

// `Algorithm.Argon2id` is an ambient const enum, which isolatedModules cannot read; 2 is its value.
const ARGON2ID = 2;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hashed: string, password: string): Promise<boolean>;
  /** Burns the same time as a real check when the account does not exist, so timing reveals nothing. */
  verifyDummy(password: string): Promise<false>;
  /** Where every hash of this hasher runs: bounded, refusing with HashPoolFull beyond what it can do in time. */
  pool: HashPool;
}

export function createHasher(
  params: HashParams = DEFAULT_HASH_PARAMS,
  pool: HashPool = createHashPool(),
): PasswordHasher {
  // biome-ignore lint/suspicious/noExplicitAny: the const enum type cannot be named under isolatedModules
  const options = { ...params, algorithm: ARGON2ID as any };
  let dummy: Promise<string> | undefined;
  return {
    pool,
    hash: (password) => pool.run(() => hash(password, options)),
    verify: (hashed, password) =>
      pool.run(async () => {
        try {
          return await verify(hashed, password);
        } catch {
          return false; // malformed stored hash
        }
      }),
    async verifyDummy(password) {
      dummy ??= hash(crypto.randomBytes(16).toString('hex'), options);
      const stored = await dummy;
      await pool.run(() => verify(stored, password).catch(() => false));
      return false;
    },
  };
}
