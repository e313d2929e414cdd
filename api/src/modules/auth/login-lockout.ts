import type { FastifyInstance } from 'fastify';
import type { Limits } from '../../context';
import type { TenantConn } from '../../db/tenant-db';
import { HttpError } from '../../lib/http-error';
import { tooMany } from '../../plugins/rate-limit';
import type { ServiceContext } from '../../service-context';
import {
  blockedFor,
  blockFor,
  clearFailures as clearFailuresOf,
  countFailure,
  dropForgottenFailures,
} from './login-failures';

/** Failures older than this are forgotten: an owner who mistyped yesterday starts fresh. */
const FORGET_AFTER = '1 day';

/** The counter of an account, shared by every identifier (e-mail, phone) that reaches it. */
export const accountKey = (userId: number) => `user:${userId}`;
/** The counter of an identifier that names no account, so unknown and known accounts behave alike. */
export const identifierKey = (username: string) => `name:${username.trim().toLowerCase()}`;

/**
 * Seconds to wait after `failures` consecutive failures: none for the first few, then doubling from
 * `loginDelayBaseSec` up to `loginDelayMaxSec`. A growing delay slows guessing to a handful per hour, while
 * nobody can lock a parent out for longer than the cap.
 */
export function delayAfter(failures: number, l: Limits): number {
  if (failures < l.loginFailuresFree) return 0;
  return Math.min(l.loginDelayMaxSec, l.loginDelayBaseSec * 2 ** (failures - l.loginFailuresFree));
}

/** Seconds until the next password check of `key` is allowed (0: now). */
export async function waitSeconds({ db, tenantId }: TenantConn, key: string): Promise<number> {
  const wait = await blockedFor(db, tenantId, key);
  return wait === undefined ? 0 : Math.max(1, Math.ceil(wait));
}

export async function recordFailure({ db, tenantId }: TenantConn, key: string, l: Limits): Promise<void> {
  const wait = delayAfter((await countFailure(db, tenantId, key, FORGET_AFTER)) ?? 1, l);
  if (wait > 0) await blockFor(db, tenantId, key, wait);
  // Now and then drop forgotten rows (identifiers tried once by someone) so the table stays small.
  if (Math.random() < 0.01) await dropForgottenFailures(db, tenantId, FORGET_AFTER);
}

export async function clearFailures({ db, tenantId }: TenantConn, key: string): Promise<void> {
  await clearFailuresOf(db, tenantId, key);
}

/**
 * The password check of every sign-in (e-mail or phone, voucher code), slowed by the account's counter:
 * `find` names the account, `unknownName` the counter used when it names none. An unknown account and a wrong
 * password look the same — same `refusal`, same argon2 work, same growing delay. A success clears the counter.
 */
export async function checkPassword<A extends { id: number; password_hash: string }>(
  app: FastifyInstance,
  sc: ServiceContext,
  find: (c: TenantConn) => Promise<A | undefined>,
  unknownName: string,
  password: string,
  refusal: string,
): Promise<A> {
  const { account, key, wait } = await sc.db(async (c) => {
    const found = await find(c);
    const k = found ? accountKey(found.id) : identifierKey(unknownName);
    return { account: found, key: k, wait: await waitSeconds(c, k) };
  });
  if (wait > 0) throw tooMany(wait);
  const ok = account
    ? await app.ctx.hasher.verify(account.password_hash, password)
    : await app.ctx.hasher.verifyDummy(password);
  if (!account || !ok) {
    await sc.db((c) => recordFailure(c, key, app.ctx.limits));
    throw new HttpError(401, refusal);
  }
  await sc.db((c) => clearFailures(c, key));
  return account;
}
