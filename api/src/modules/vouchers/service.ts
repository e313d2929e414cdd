import crypto from 'node:crypto';
import {
  isStaffRole,
  type LoginResponse,
  normalizeVoucher,
  VOUCHER_ALPHABET,
  VOUCHER_LENGTH,
  VOUCHER_MSG,
  voucherResource,
} from '@psb/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { roleModulesJson, toUser, USER_COLUMNS, type UserRow } from '../../db/queries';
import type { TenantConn } from '../../db/tenant-db';
import { writeAudit } from '../../engine/audit';
import { compile, joinsFor } from '../../engine/compile';
import type { ResourceHooks } from '../../engine/routes';
import { HttpError } from '../../lib/http-error';
import { tooMany } from '../../plugins/rate-limit';
import {
  AUTH_MESSAGES,
  assertUnique,
  createEmailVerification,
  sendVerificationMail,
  uniqueViolation,
} from '../auth/service';

/** The voucher declaration compiled for the engine (list, export, get, edit, archive, restore). */
export const compiledVoucher = compile(voucherResource);

/** A fresh random code: VOUCHER_LENGTH characters of the unambiguous alphabet (crypto.randomInt). */
export function generateVoucherCode(): string {
  let code = '';
  for (let i = 0; i < VOUCHER_LENGTH; i++)
    code += VOUCHER_ALPHABET[crypto.randomInt(VOUCHER_ALPHABET.length)];
  return code;
}

/** Vouchers as the contract's records, in id order. */
export async function voucherRecords(c: TenantConn, ids: number[]): Promise<unknown[]> {
  const cv = compiledVoucher;
  const { rows } = await c.client.query<{ j: unknown }>(
    `SELECT ${cv.recordJson} AS j FROM mst_tokens t ${joinsFor(cv, cv.recordJoins)}
     WHERE t.tenant_id = $1 AND t.id = ANY($2::int[]) ORDER BY t.id`,
    [c.tenantId, ids],
  );
  return rows.map((r) => r.j);
}

async function checkYearAndSchool(c: TenantConn, schoolYearId: number, schoolId: number | null) {
  const { rows } = await c.client.query<{ year: boolean; school: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM school_years WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL) AS year,
            ($3::int IS NULL OR EXISTS (SELECT 1 FROM schools WHERE tenant_id = $1 AND id = $3 AND deleted_at IS NULL)) AS school`,
    [c.tenantId, schoolYearId, schoolId],
  );
  if (!rows[0]?.year) {
    const msg = 'Tahun ajaran yang dipilih tidak ditemukan.';
    throw new HttpError(400, msg, { school_year_id: msg });
  }
  if (!rows[0].school) {
    const msg = 'Sekolah yang dipilih tidak ditemukan.';
    throw new HttpError(400, msg, { school_id: msg });
  }
}

/**
 * Generates `count` vouchers in one statement per round; a code that collides with an existing one (very
 * unlikely with 50 random bits) is simply drawn again.
 */
export async function createVouchers(
  req: FastifyRequest,
  input: {
    count: number;
    method: string;
    school_year_id: number;
    school_id: number | null;
    note: string | null;
  },
): Promise<unknown[]> {
  return req.tx(async (c) => {
    await checkYearAndSchool(c, input.school_year_id, input.school_id);
    const ids: number[] = [];
    for (let round = 0; ids.length < input.count && round < 5; round++) {
      const codes = new Set<string>();
      while (codes.size < input.count - ids.length) codes.add(generateVoucherCode());
      const { rows } = await c.client.query<{ id: number }>(
        `INSERT INTO mst_tokens (tenant_id, token, method, school_year_id, school_id, note, created_by)
         SELECT $1, unnest($2::text[]), $3, $4, $5, $6, $7
         ON CONFLICT (tenant_id, token) DO NOTHING RETURNING id`,
        [
          c.tenantId,
          [...codes],
          input.method,
          input.school_year_id,
          input.school_id,
          input.note,
          req.auth?.user.id ?? null,
        ],
      );
      ids.push(...rows.map((r) => r.id));
    }
    await writeAudit(c, {
      userId: req.auth?.user.id ?? null,
      action: 'create_batch',
      resource: 'mst_token',
      recordId: null,
      before: null,
      after: { count: ids.length, method: input.method, school_year_id: input.school_year_id },
    });
    return voucherRecords(c, ids);
  });
}

export async function availableVouchers(c: TenantConn, schoolYearId: number) {
  const { rows } = await c.client.query<{ count: number; data: unknown[] }>(
    `SELECT (SELECT count(*) FROM mst_tokens WHERE tenant_id = $1 AND school_year_id = $2
               AND used_at IS NULL AND deleted_at IS NULL)::int AS count,
            COALESCE((SELECT json_agg(x ORDER BY x.id) FROM (
              SELECT t.id, t.token, t.method, t.school_id, s.name AS school_name
              FROM mst_tokens t LEFT JOIN schools s ON s.tenant_id = t.tenant_id AND s.id = t.school_id
              WHERE t.tenant_id = $1 AND t.school_year_id = $2 AND t.used_at IS NULL AND t.deleted_at IS NULL
              ORDER BY t.id LIMIT 1000) x), '[]'::json) AS data`,
    [c.tenantId, schoolYearId],
  );
  return rows[0]!;
}

/**
 * Makes a used voucher available again — only when the registrant it created is gone (deleted); while that
 * registrant is live the reset would hand one place to two registrants, so it is refused with 409.
 */
export async function resetVoucher(req: FastifyRequest, code: string): Promise<unknown> {
  return req.tx(async (c) => {
    const { rows } = await c.client.query<{
      id: number;
      used_at: string | null;
      registrant_id: number | null;
      reg_name: string | null;
      reg_number: string | null;
      reg_live: boolean | null;
    }>(
      `SELECT t.id, t.used_at, t.registrant_id, r.name AS reg_name, r.registration_number AS reg_number,
              (r.deleted_at IS NULL) AS reg_live
       FROM mst_tokens t LEFT JOIN registrants r ON r.tenant_id = t.tenant_id AND r.id = t.registrant_id
       WHERE t.tenant_id = $1 AND t.token = $2 AND t.deleted_at IS NULL
       FOR UPDATE OF t`,
      [c.tenantId, normalizeVoucher(code)],
    );
    const v = rows[0];
    if (!v) throw new HttpError(404, VOUCHER_MSG.notFound);
    if (!v.used_at) throw new HttpError(409, VOUCHER_MSG.notUsed);
    if (v.registrant_id !== null && v.reg_live)
      throw new HttpError(409, VOUCHER_MSG.stillUsed(v.reg_name ?? '(tanpa nama)', v.reg_number ?? '-'));
    await c.client.query(
      `UPDATE mst_tokens SET used_at = NULL, used_by_user_id = NULL, registrant_id = NULL, updated_at = now()
       WHERE tenant_id = $1 AND id = $2`,
      [c.tenantId, v.id],
    );
    await writeAudit(c, {
      userId: req.auth?.user.id ?? null,
      action: 'reset',
      resource: 'mst_token',
      recordId: v.id,
      before: { used_at: v.used_at, registrant_id: v.registrant_id },
      after: { used_at: null, registrant_id: null },
    });
    return (await voucherRecords(c, [v.id]))[0];
  });
}

/** Engine hooks: the code and creator are set by the server; a used voucher keeps its year/school. */
export const voucherHooks: ResourceHooks = {
  beforeWrite({ req, op, before, values }) {
    if (op === 'create') {
      values.token = generateVoucherCode();
      values.created_by = req.auth?.user.id ?? null;
      return;
    }
    if (!before?.used_at) return;
    if (op === 'delete') throw new HttpError(409, VOUCHER_MSG.usedNoDelete);
    const changes = (k: string) => values[k] !== undefined && values[k] !== before[k];
    if (op === 'update' && (changes('school_year_id') || changes('school_id')))
      throw new HttpError(409, VOUCHER_MSG.usedNoEdit);
  },
};

// --- sign-in and sign-up with a voucher ---------------------------------------------------------------------

type AccountRow = UserRow & { password_hash: string };

/** The account a voucher belongs to (the one that signed up with it, or redeemed it). */
const VOUCHER_ACCOUNT_SQL = `SELECT ${USER_COLUMNS}, u.token_version, u.password_hash,
    ${roleModulesJson('u.tenant_id', 'u.role_id')} AS role_modules
  FROM mst_tokens k
  JOIN users u ON u.tenant_id = k.tenant_id AND u.id = COALESCE(k.owner_user_id, k.used_by_user_id)
  JOIN roles r ON r.tenant_id = u.tenant_id AND r.id = u.role_id
  WHERE k.tenant_id = $1 AND k.token = $2 AND k.deleted_at IS NULL AND u.deleted_at IS NULL`;

const loginResponse = (app: FastifyInstance, req: FastifyRequest, a: AccountRow, message: string) =>
  ({
    success: true,
    message,
    user: toUser(a),
    token: app.issueToken({
      userId: a.id,
      tenantId: req.tenant.id,
      audience: 'user',
      tokenVersion: a.token_version,
    }),
    role_modules: a.role_modules,
  }) satisfies LoginResponse;

/** POST public/login_token, user/token/login: rate-limited like /public/login (per IP and per voucher). */
export async function loginWithVoucher(
  app: FastifyInstance,
  req: FastifyRequest,
  body: { token: string; password: string },
): Promise<LoginResponse> {
  const l = app.ctx.limits;
  const ip = await app.rateLimit.hit(`login:ip:${req.ip}`, 60);
  if (ip.count > l.loginPerIpPerMinute) throw tooMany(ip.retryAfter);
  const key = `login:voucher:${req.tenant.id}:${body.token}`;
  const failures = await app.rateLimit.peek(key);
  if (failures.count >= l.loginFailuresPerAccount) throw tooMany(failures.retryAfter);
  const account = await req.db(async (c) => {
    const { rows } = await c.client.query<AccountRow>(VOUCHER_ACCOUNT_SQL, [c.tenantId, body.token]);
    return rows[0];
  });
  const ok = account
    ? await app.ctx.hasher.verify(account.password_hash, body.password)
    : await app.ctx.hasher.verifyDummy(body.password);
  if (!account || !ok) {
    await app.rateLimit.hit(key, l.loginAccountWindowSec);
    throw new HttpError(401, VOUCHER_MSG.badLogin);
  }
  if (isStaffRole(account.role)) throw new HttpError(403, AUTH_MESSAGES.staffUseAdmin);
  if (failures.count > 0) await app.rateLimit.reset(key);
  return loginResponse(app, req, account, AUTH_MESSAGES.loggedIn);
}

/**
 * POST user/token/register: creates a parent account bound to an unused voucher that no account holds yet,
 * and signs it in. E-mail and phone are optional; without them the voucher code + password is the login.
 */
export async function registerWithVoucher(
  app: FastifyInstance,
  req: FastifyRequest,
  body: { token: string; name: string; email: string; phone_number: string; password: string },
): Promise<LoginResponse> {
  const ip = await app.rateLimit.hit(`voucher-register:ip:${req.ip}`, 15 * 60);
  if (ip.count > app.ctx.limits.loginPerIpPerMinute) throw tooMany(ip.retryAfter, 'permintaan');
  const email = body.email || null;
  const phone = body.phone_number || null;
  const passwordHash = await app.ctx.hasher.hash(body.password);
  let created: { account: AccountRow; verification: string | null };
  try {
    created = await req.tx(async (c) => {
      const { rows } = await c.client.query<{
        id: number;
        used_at: string | null;
        owner_user_id: number | null;
      }>(
        `SELECT id, used_at, owner_user_id FROM mst_tokens
         WHERE tenant_id = $1 AND token = $2 AND deleted_at IS NULL FOR UPDATE`,
        [c.tenantId, body.token],
      );
      const v = rows[0];
      if (!v) throw new HttpError(400, VOUCHER_MSG.notFound, { token: VOUCHER_MSG.notFound });
      if (v.used_at) throw new HttpError(409, VOUCHER_MSG.used, { token: VOUCHER_MSG.used });
      if (v.owner_user_id !== null)
        throw new HttpError(409, VOUCHER_MSG.otherAccount, { token: VOUCHER_MSG.otherAccount });
      await assertUnique(c, email, phone);
      const inserted = await c.client.query<{ id: number }>(
        `INSERT INTO users (tenant_id, name, email, phone_number, password_hash, role_id, voucher_account)
         SELECT $1, $2, $3, $4, $5, r.id, true FROM roles r WHERE r.tenant_id = $1 AND r.name = 'user'
         RETURNING id`,
        [c.tenantId, body.name || `Orang Tua (${body.token})`, email, phone, passwordHash],
      );
      const userId = inserted.rows[0]?.id;
      if (userId === undefined) throw new Error(`tenant ${c.tenantId} has no role "user"`);
      await c.client.query(
        'UPDATE mst_tokens SET owner_user_id = $3, updated_at = now() WHERE tenant_id = $1 AND id = $2',
        [c.tenantId, v.id, userId],
      );
      const account = (await c.client.query<AccountRow>(VOUCHER_ACCOUNT_SQL, [c.tenantId, body.token]))
        .rows[0]!;
      return { account, verification: email ? await createEmailVerification(c, userId, email) : null };
    });
  } catch (err) {
    throw uniqueViolation(err) ?? err;
  }
  if (email && created.verification)
    await sendVerificationMail(app, req, email, created.account.name, created.verification);
  return loginResponse(app, req, created.account, VOUCHER_MSG.registered);
}
