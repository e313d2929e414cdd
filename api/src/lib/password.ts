import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

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
}

export function createHasher(params: HashParams = DEFAULT_HASH_PARAMS): PasswordHasher {
  // biome-ignore lint/suspicious/noExplicitAny: the const enum type cannot be named under isolatedModules
  const options = { ...params, algorithm: ARGON2ID as any };
  let dummy: Promise<string> | undefined;
  return {
    hash: (password) => hash(password, options),
    verify: async (hashed, password) => {
      try {
        return await verify(hashed, password);
      } catch {
        return false; // malformed stored hash
      }
    },
    async verifyDummy(password) {
      dummy ??= hash(crypto.randomBytes(16).toString('hex'), options);
      await verify(await dummy, password).catch(() => false);
      return false;
    },
  };
}
