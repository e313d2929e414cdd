import { isStaffRole, type LoginResponse, type RegisterRequest } from '@psb/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DatabaseError } from 'pg';
import { linkOrigin } from '../../context';
import { accountSql, toUser, type UserRow } from '../../db/queries';
import type { TenantConn } from '../../db/tenant-db';
import { HttpError } from '../../lib/http-error';
import { randomToken, sha256 } from '../../lib/tokens';
import { tooMany } from '../../plugins/rate-limit';
import { accountKey, clearFailures, identifierKey, recordFailure, waitSeconds } from './lockout';

export const AUTH_MESSAGES = {
  badCredentials: 'Email/No. HP atau password salah.',
  notAdmin: 'Akun ini tidak memiliki akses admin.',
  staffUseAdmin: 'Akun staf silakan masuk melalui halaman admin.',
  loggedIn: 'Berhasil masuk.',
  registered: 'Pendaftaran berhasil. Silakan masuk dengan akun Anda.',
  emailTaken: 'Email sudah terdaftar.',
  phoneTaken: 'No. HP sudah terdaftar.',
  forgotSent: 'Jika akun terdaftar, tautan atur ulang password telah dikirim.',
  badResetToken: 'Tautan atur ulang password tidak valid atau sudah kedaluwarsa.',
  badVerification: 'Tautan verifikasi tidak valid atau sudah kedaluwarsa.',
  verified: 'Email berhasil diverifikasi.',
  wrongOldPassword: 'Password lama salah.',
  passwordChanged: 'Password berhasil diubah.',
  passwordReset: 'Password berhasil diubah. Silakan masuk dengan password baru.',
  loggedOut: 'Anda telah keluar.',
  profileSaved: 'Profil berhasil disimpan.',
} as const;

const isEmailLogin = (username: string) => username.includes('@');

export type AccountRow = UserRow & { password_hash: string };

export async function findAccount(c: TenantConn, username: string): Promise<AccountRow | undefined> {
  const by = isEmailLogin(username) ? 'email' : 'phone';
  const { rows } = await c.client.query<AccountRow>(accountSql(by), [c.tenantId, username]);
  return rows[0];
}

/** 409 for an e-mail or phone already used by another live account of this tenant. */
export async function assertUnique(
  c: TenantConn,
  email: string | null,
  phone: string | null,
  exceptUserId: number | null = null,
): Promise<void> {
  const { rows } = await c.client.query<{ email_taken: boolean; phone_taken: boolean }>(
    `SELECT
       EXISTS (SELECT 1 FROM users WHERE tenant_id = $1 AND deleted_at IS NULL AND $2::text IS NOT NULL
               AND lower(email) = lower($2) AND id IS DISTINCT FROM $4) AS email_taken,
       EXISTS (SELECT 1 FROM users WHERE tenant_id = $1 AND deleted_at IS NULL AND $3::text IS NOT NULL
               AND phone_number = $3 AND id IS DISTINCT FROM $4) AS phone_taken`,
    [c.tenantId, email, phone, exceptUserId],
  );
  const r = rows[0];
  if (r?.email_taken || r?.phone_taken) {
    const errors: Record<string, string> = {};
    if (r.email_taken) errors.email = AUTH_MESSAGES.emailTaken;
    if (r.phone_taken) errors.phone_number = AUTH_MESSAGES.phoneTaken;
    throw new HttpError(409, r.email_taken ? AUTH_MESSAGES.emailTaken : AUTH_MESSAGES.phoneTaken, errors);
  }
}

/** A concurrent insert can still hit the unique index; answer it like the pre-check does. */
export function uniqueViolation(err: unknown): HttpError | null {
  const e = err as DatabaseError;
  if (e?.code !== '23505') return null;
  if (e.constraint === 'users_email_key')
    return new HttpError(409, AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
  if (e.constraint === 'users_phone_key')
    return new HttpError(409, AUTH_MESSAGES.phoneTaken, { phone_number: AUTH_MESSAGES.phoneTaken });
  return null;
}

/** Stores a hashed verification token for `email` and returns the raw one for the link. */
export async function createEmailVerification(c: TenantConn, userId: number, email: string): Promise<string> {
  const token = randomToken();
  await c.client.query(
    `INSERT INTO email_verifications (tenant_id, user_id, email, token_hash, expires_at)
     VALUES ($1, $2, $3, $4, now() + interval '7 days')`,
    [c.tenantId, userId, email, sha256(token)],
  );
  return token;
}

/** Mail failures are logged, never turned into a failed registration or profile update. */
export async function sendVerificationMail(
  app: FastifyInstance,
  req: FastifyRequest,
  to: string,
  name: string,
  token: string,
) {
  const link = `${linkOrigin(app.ctx, req)}/verification?token=${encodeURIComponent(token)}`;
  try {
    await app.ctx.mailer.send({
      tenantId: req.tenant.id,
      to,
      subject: `Verifikasi email akun PSB ${req.tenant.name}`,
      text: `Halo ${name},\n\nSilakan verifikasi alamat email Anda dengan membuka tautan berikut:\n${link}\n\nTautan berlaku 7 hari.\n\n${req.tenant.name}`,
    });
  } catch (err) {
    req.log.error({ err }, 'sending the verification mail failed');
  }
}

type LimitCheck = [key: string, windowSec: number, max: number];
/** Counts one request under each key and refuses with 429 when any of them is over its limit. */
async function limit(app: FastifyInstance, checks: LimitCheck[]) {
  for (const [key, windowSec, max] of checks) {
    const hit = await app.rateLimit.hit(key, windowSec);
    if (hit.count > max) throw tooMany(hit.retryAfter, 'permintaan');
  }
}

export async function register(app: FastifyInstance, req: FastifyRequest, body: Required<RegisterRequest>) {
  const email = body.email || null;
  const phone = body.phone_number || null;
  const l = app.ctx.limits;
  const t = req.tenant.id;
  const checks: LimitCheck[] = [[`register:ip:${req.ip}`, 15 * 60, l.registerPerIp]];
  // Per account too: repeated attempts at one address or number, from however many IPs (probing which exist).
  if (email)
    checks.push([`register:email:${t}:${email.toLowerCase()}`, 60 * 60, l.registerPerAccountPerHour]);
  if (phone) checks.push([`register:phone:${t}:${phone}`, 60 * 60, l.registerPerAccountPerHour]);
  await limit(app, checks);
  const passwordHash = await app.ctx.hasher.hash(body.password);
  let created: { id: number; token: string | null };
  try {
    created = await req.tx(async (c) => {
      await assertUnique(c, email, phone);
      const { rows } = await c.client.query<{ id: number }>(
        `INSERT INTO users (tenant_id, name, email, phone_number, password_hash, role_id)
         SELECT $1, $2, $3, $4, $5, r.id FROM roles r WHERE r.tenant_id = $1 AND r.name = 'user'
         RETURNING id`,
        [c.tenantId, body.name, email, phone, passwordHash],
      );
      const id = rows[0]?.id;
      if (id === undefined) throw new Error(`tenant ${c.tenantId} has no role "user"`);
      return { id, token: email ? await createEmailVerification(c, id, email) : null };
    });
  } catch (err) {
    throw uniqueViolation(err) ?? err;
  }
  if (email && created.token) await sendVerificationMail(app, req, email, body.name, created.token);
}

export async function login(
  app: FastifyInstance,
  req: FastifyRequest,
  body: { username: string; password: string; type: 'user' | 'admin' },
): Promise<LoginResponse> {
  const l = app.ctx.limits;
  const ip = await app.rateLimit.hit(`login:ip:${req.ip}`, 60);
  if (ip.count > l.loginPerIpPerMinute) throw tooMany(ip.retryAfter);

  // The counter belongs to the account, whichever of its identifiers was typed.
  const { account, key, wait } = await req.db(async (c) => {
    const found = await findAccount(c, body.username);
    const k = found ? accountKey(found.id) : identifierKey(body.username);
    return { account: found, key: k, wait: await waitSeconds(c, k) };
  });
  if (wait > 0) throw tooMany(wait);
  // Unknown account and wrong password look the same: same message, same status, same argon2 work, and the
  // same growing delay.
  const ok = account
    ? await app.ctx.hasher.verify(account.password_hash, body.password)
    : await app.ctx.hasher.verifyDummy(body.password);
  if (!account || !ok) {
    await req.db((c) => recordFailure(c, key, l));
    throw new HttpError(401, AUTH_MESSAGES.badCredentials);
  }
  await req.db((c) => clearFailures(c, key));
  const staff = isStaffRole(account.role);
  if (body.type === 'admin' && !staff) throw new HttpError(403, AUTH_MESSAGES.notAdmin);
  if (body.type === 'user' && staff) throw new HttpError(403, AUTH_MESSAGES.staffUseAdmin);

  const token = app.issueToken({
    userId: account.id,
    tenantId: req.tenant.id,
    audience: body.type,
    tokenVersion: account.token_version,
  });
  return {
    success: true,
    message: AUTH_MESSAGES.loggedIn,
    user: toUser(account),
    token,
    role_modules: account.role_modules,
  };
}

export async function forgotPassword(
  app: FastifyInstance,
  req: FastifyRequest,
  username: string,
): Promise<void> {
  const ip = await app.rateLimit.hit(`forgot:ip:${req.ip}`, 15 * 60);
  if (ip.count > app.ctx.limits.forgotPerIp) throw tooMany(ip.retryAfter, 'permintaan');
  const sent = await req.db(async (c) => {
    const account = await findAccount(c, username);
    if (!account?.email) return null;
    const token = randomToken();
    await c.client.query(
      `INSERT INTO password_resets (tenant_id, user_id, token_hash, expires_at) VALUES ($1, $2, $3, now() + interval '1 hour')`,
      [c.tenantId, account.id, sha256(token)],
    );
    return { to: account.email, name: account.name, token };
  });
  if (!sent) return;
  const link = `${linkOrigin(app.ctx, req)}/reset-password?token=${encodeURIComponent(sent.token)}`;
  try {
    await app.ctx.mailer.send({
      tenantId: req.tenant.id,
      to: sent.to,
      subject: `Atur ulang password akun PSB ${req.tenant.name}`,
      text: `Halo ${sent.name},\n\nKami menerima permintaan untuk mengatur ulang password akun Anda. Buka tautan berikut dalam 1 jam:\n${link}\n\nJika Anda tidak memintanya, abaikan email ini; password Anda tidak berubah.\n\n${req.tenant.name}`,
    });
  } catch (err) {
    req.log.error({ err }, 'sending the reset mail failed');
  }
}

export async function verifyEmail(req: FastifyRequest, token: string): Promise<void> {
  const done = await req.tx(async ({ client, tenantId }) => {
    const { rows } = await client.query<{ user_id: number; email: string }>(
      `UPDATE email_verifications SET used_at = now()
       WHERE tenant_id = $1 AND token_hash = $2 AND used_at IS NULL AND expires_at > now()
       RETURNING user_id, email`,
      [tenantId, sha256(token)],
    );
    const v = rows[0];
    if (!v) return false;
    // Only if the account still has that address (it may have been changed since).
    await client.query(
      `UPDATE users SET email_verified_at = now(), updated_at = now()
       WHERE tenant_id = $1 AND id = $2 AND lower(email) = lower($3) AND deleted_at IS NULL`,
      [tenantId, v.user_id, v.email],
    );
    return true;
  });
  if (!done)
    throw new HttpError(400, AUTH_MESSAGES.badVerification, { token: AUTH_MESSAGES.badVerification });
}

/** Reset through the e-mailed link: single use, and every token issued before stops working. */
export async function resetPassword(
  app: FastifyInstance,
  req: FastifyRequest,
  resetToken: string,
  password: string,
) {
  // The token is unguessable; the limit keeps one client from burning argon2 work on made-up ones.
  await limit(app, [[`change-password:ip:${req.ip}`, 15 * 60, app.ctx.limits.accountWritesPerIp]]);
  const passwordHash = await app.ctx.hasher.hash(password);
  const ok = await req.tx(async ({ client, tenantId }) => {
    const { rows } = await client.query<{ user_id: number }>(
      `UPDATE password_resets SET used_at = now()
       WHERE tenant_id = $1 AND token_hash = $2 AND used_at IS NULL AND expires_at > now()
       RETURNING user_id`,
      [tenantId, sha256(resetToken)],
    );
    const userId = rows[0]?.user_id;
    if (userId === undefined) return false;
    const updated = await client.query(
      `UPDATE users SET password_hash = $3, token_version = token_version + 1, updated_at = now()
       WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL`,
      [tenantId, userId, passwordHash],
    );
    // Other outstanding links of this account die with this one.
    await client.query(
      'UPDATE password_resets SET used_at = now() WHERE tenant_id = $1 AND user_id = $2 AND used_at IS NULL',
      [tenantId, userId],
    );
    return updated.rowCount === 1;
  });
  if (!ok)
    throw new HttpError(400, AUTH_MESSAGES.badResetToken, { reset_token: AUTH_MESSAGES.badResetToken });
}

/** A signed-in change: checks the old password, revokes older tokens, returns a fresh token for the caller. */
export async function changeOwnPassword(
  app: FastifyInstance,
  req: FastifyRequest,
  oldPassword: string,
  password: string,
): Promise<string> {
  const auth = await app.authenticate(req);
  const l = app.ctx.limits;
  await limit(app, [
    [`change-password:ip:${req.ip}`, 15 * 60, l.accountWritesPerIp],
    // A stolen session must not become an unlimited oracle for the old password.
    [`change-password:account:${req.tenant.id}:${auth.user.id}`, 15 * 60, l.changePasswordPerAccount],
  ]);
  const stored = await req.db(async ({ client, tenantId }) => {
    const { rows } = await client.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL',
      [tenantId, auth.user.id],
    );
    return rows[0]?.password_hash;
  });
  if (!stored || !(await app.ctx.hasher.verify(stored, oldPassword))) {
    throw new HttpError(400, AUTH_MESSAGES.wrongOldPassword, {
      old_password: AUTH_MESSAGES.wrongOldPassword,
    });
  }
  const passwordHash = await app.ctx.hasher.hash(password);
  const tokenVersion = await req.db(async ({ client, tenantId }) => {
    const { rows } = await client.query<{ token_version: number }>(
      `UPDATE users SET password_hash = $3, token_version = token_version + 1, updated_at = now()
       WHERE tenant_id = $1 AND id = $2 RETURNING token_version`,
      [tenantId, auth.user.id, passwordHash],
    );
    return rows[0]!.token_version;
  });
  return app.issueToken({
    userId: auth.user.id,
    tenantId: req.tenant.id,
    audience: auth.audience,
    tokenVersion,
  });
}

/** Revokes the presented token until it would have expired anyway. */
export async function logout(app: FastifyInstance, req: FastifyRequest): Promise<void> {
  const auth = await app.authenticate(req);
  await req.db(async ({ client, tenantId }) => {
    await client.query(
      `INSERT INTO revoked_tokens (tenant_id, jti, expires_at) VALUES ($1, $2, to_timestamp($3))
       ON CONFLICT DO NOTHING`,
      [tenantId, auth.jti, auth.exp],
    );
    // Expired entries can go: their tokens are refused by signature expiry anyway.
    if (Math.random() < 0.05)
      await client.query('DELETE FROM revoked_tokens WHERE tenant_id = $1 AND expires_at < now()', [
        tenantId,
      ]);
  });
}
