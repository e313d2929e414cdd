import { isStaffRole, type LoginResponse, type RegisterRequest } from '@psb/contracts';
import type { FastifyInstance } from 'fastify';
import { linkOrigin } from '../../context';
import { passwordHashOf, toRoleModules, toUser } from '../../lib/accounts';
import { HttpError, unauthorized } from '../../lib/http-error';
import { AUTH_MESSAGES } from '../../lib/messages';
import { randomToken, sha256 } from '../../lib/tokens';
import { tooMany } from '../../plugins/rate-limit';
import type { ServiceContext } from '../../service-context';
import {
  assertUnique,
  createEmailVerification,
  sendVerificationMail,
  uniqueViolation,
} from './account-contact';
import { checkPassword } from './login-lockout';
import { recordProcessingConsent } from './privacy/service';
import {
  dropExpiredRevocations,
  expireResets,
  findAccount,
  insertParent,
  insertPasswordReset,
  markEmailVerified,
  replacePassword,
  revokeToken,
  useEmailVerification,
  usePasswordReset,
} from './repository';

type LimitCheck = [key: string, windowSec: number, max: number];
/** Counts one request under each key and refuses with 429 when any of them is over its limit. */
async function limit(app: FastifyInstance, checks: LimitCheck[]) {
  for (const [key, windowSec, max] of checks) {
    const hit = await app.rateLimit.hit(key, windowSec);
    if (hit.count > max) throw tooMany(hit.retryAfter, 'permintaan');
  }
}

/** The session answer of a sign-in; its token proves the password was given just now. */
function signedIn(
  app: FastifyInstance,
  sc: ServiceContext,
  account: NonNullable<Awaited<ReturnType<typeof findAccount>>>,
  audience: 'user' | 'admin',
  message: string,
): LoginResponse {
  const token = app.issueToken({
    userId: account.id,
    tenantId: sc.tenant.id,
    audience,
    tokenVersion: account.token_version,
  });
  return {
    success: true,
    message,
    user: toUser(account),
    token,
    role_modules: toRoleModules(account.role_modules),
    must_change_password: account.must_change_password,
  };
}

/**
 * A new parent account, signed in at once: the password was hashed a moment ago, so a second argon2 run to
 * sign in would prove nothing more (and costs as much as the registration itself).
 */
export async function register(
  app: FastifyInstance,
  sc: ServiceContext,
  body: Required<RegisterRequest>,
): Promise<LoginResponse> {
  const email = body.email || null;
  const phone = body.phone_number || null;
  const l = app.ctx.limits;
  const t = sc.tenant.id;
  const checks: LimitCheck[] = [[`register:ip:${sc.client.ip}`, 15 * 60, l.registerPerIp]];
  // Per account too: repeated attempts at one address or number, from however many IPs (probing which exist).
  if (email)
    checks.push([`register:email:${t}:${email.toLowerCase()}`, 60 * 60, l.registerPerAccountPerHour]);
  if (phone) checks.push([`register:phone:${t}:${phone}`, 60 * 60, l.registerPerAccountPerHour]);
  await limit(app, checks);
  const passwordHash = await app.ctx.hasher.hash(body.password);
  let created: { account: NonNullable<Awaited<ReturnType<typeof findAccount>>>; token: string | null };
  try {
    created = await sc.tx(async (c) => {
      await assertUnique(c, email, phone);
      const id = await insertParent(c.db, c.tenantId, { name: body.name, email, phone, passwordHash });
      if (id === undefined) throw new Error(`tenant ${c.tenantId} has no role "user"`);
      await recordProcessingConsent(c, id, null, sc.client.ip);
      const account = (await findAccount(c.db, c.tenantId, (email ?? phone)!))!;
      return { account, token: email ? await createEmailVerification(c, id, email) : null };
    });
  } catch (err) {
    throw uniqueViolation(err) ?? err;
  }
  if (email && created.token) await sendVerificationMail(app, sc, email, body.name, created.token);
  return signedIn(app, sc, created.account, 'user', AUTH_MESSAGES.registered);
}

export async function login(
  app: FastifyInstance,
  sc: ServiceContext,
  body: { username: string; password: string; type: 'user' | 'admin' },
): Promise<LoginResponse> {
  const l = app.ctx.limits;
  const ip = await app.rateLimit.hit(`login:ip:${sc.client.ip}`, 60);
  if (ip.count > l.loginPerIpPerMinute) throw tooMany(ip.retryAfter);

  // The counter belongs to the account, whichever of its identifiers was typed.
  const account = await checkPassword(
    app,
    sc,
    (c) => findAccount(c.db, c.tenantId, body.username),
    body.username,
    body.password,
    AUTH_MESSAGES.badCredentials,
  );
  const staff = isStaffRole(account.role);
  if (body.type === 'admin' && !staff) throw new HttpError(403, AUTH_MESSAGES.notAdmin);
  if (body.type === 'user' && staff) throw new HttpError(403, AUTH_MESSAGES.staffUseAdmin);

  return signedIn(app, sc, account, body.type, AUTH_MESSAGES.loggedIn);
}

export async function forgotPassword(
  app: FastifyInstance,
  sc: ServiceContext,
  username: string,
): Promise<void> {
  const ip = await app.rateLimit.hit(`forgot:ip:${sc.client.ip}`, 15 * 60);
  if (ip.count > app.ctx.limits.forgotPerIp) throw tooMany(ip.retryAfter, 'permintaan');
  const sent = await sc.db(async (c) => {
    const account = await findAccount(c.db, c.tenantId, username);
    if (!account?.email) return null;
    const token = randomToken();
    await insertPasswordReset(c.db, c.tenantId, account.id, sha256(token));
    return { to: account.email, name: account.name, token };
  });
  if (!sent) return;
  const link = `${linkOrigin(app.ctx, sc)}/reset-password?token=${encodeURIComponent(sent.token)}`;
  try {
    await app.ctx.mailer.send({
      tenantId: sc.tenant.id,
      to: sent.to,
      subject: `Atur ulang kata sandi akun PSB ${sc.tenant.name}`,
      text: `Halo ${sent.name},\n\nKami menerima permintaan untuk mengatur ulang kata sandi akun Anda. Buka tautan berikut dalam 1 jam:\n${link}\n\nJika Anda tidak memintanya, abaikan email ini; kata sandi Anda tidak berubah.\n\n${sc.tenant.name}`,
    });
  } catch (err) {
    sc.log.error({ err }, 'sending the reset mail failed');
  }
}

export async function verifyEmail(sc: ServiceContext, token: string): Promise<void> {
  const done = await sc.tx(async ({ db, tenantId }) => {
    const v = await useEmailVerification(db, tenantId, sha256(token));
    if (!v) return false;
    await markEmailVerified(db, tenantId, v.user_id, v.email);
    return true;
  });
  if (!done)
    throw new HttpError(400, AUTH_MESSAGES.badVerification, { token: AUTH_MESSAGES.badVerification });
}

/** Reset through the e-mailed link: single use, and every token issued before stops working. */
export async function resetPassword(
  app: FastifyInstance,
  sc: ServiceContext,
  resetToken: string,
  password: string,
) {
  // The token is unguessable; the limit keeps one client from burning argon2 work on made-up ones.
  await limit(app, [[`change-password:ip:${sc.client.ip}`, 15 * 60, app.ctx.limits.accountWritesPerIp]]);
  const passwordHash = await app.ctx.hasher.hash(password);
  const ok = await sc.tx(async ({ db, tenantId }) => {
    const userId = await usePasswordReset(db, tenantId, sha256(resetToken));
    if (userId === undefined) return false;
    const updated = await replacePassword(db, tenantId, userId, passwordHash);
    // Other outstanding links of this account die with this one.
    await expireResets(db, tenantId, userId);
    return updated !== undefined;
  });
  if (!ok)
    throw new HttpError(400, AUTH_MESSAGES.badResetToken, { reset_token: AUTH_MESSAGES.badResetToken });
}

/** A signed-in change: checks the old password, revokes older tokens, returns a fresh token for the caller. */
export async function changeOwnPassword(
  app: FastifyInstance,
  sc: ServiceContext,
  oldPassword: string,
  password: string,
): Promise<string> {
  // The route signed the caller in from its Bearer token (the route itself is public, for reset links).
  const auth = sc.auth!;
  const l = app.ctx.limits;
  await limit(app, [
    [`change-password:ip:${sc.client.ip}`, 15 * 60, l.accountWritesPerIp],
    // A stolen session must not become an unlimited oracle for the old password.
    [`change-password:account:${sc.tenant.id}:${auth.user.id}`, 15 * 60, l.changePasswordPerAccount],
  ]);
  const stored = await sc.db(({ db, tenantId }) => passwordHashOf(db, tenantId, auth.user.id));
  if (!stored || !(await app.ctx.hasher.verify(stored, oldPassword))) {
    throw new HttpError(400, AUTH_MESSAGES.wrongOldPassword, {
      old_password: AUTH_MESSAGES.wrongOldPassword,
    });
  }
  const passwordHash = await app.ctx.hasher.hash(password);
  const tokenVersion = await sc.db(({ db, tenantId }) =>
    replacePassword(db, tenantId, auth.user.id, passwordHash),
  );
  // Deleted meanwhile: the session is over.
  if (tokenVersion === undefined) throw unauthorized();
  return app.issueToken({
    userId: auth.user.id,
    tenantId: sc.tenant.id,
    audience: auth.audience,
    tokenVersion,
  });
}

/** Revokes the presented token until it would have expired anyway. */
export async function logout(sc: ServiceContext): Promise<void> {
  const auth = sc.auth!;
  await sc.db(async ({ db, tenantId }) => {
    await revokeToken(db, tenantId, auth.jti, auth.exp);
    // Expired entries can go: their tokens are refused by signature expiry anyway.
    if (Math.random() < 0.05) await dropExpiredRevocations(db, tenantId);
  });
}
