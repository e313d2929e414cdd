import {
  isStaffRole,
  type LoginResponse,
  normalizeVoucher,
  VOUCHER_MSG,
  type VoucherMethod,
  voucherResource,
} from '@psb/contracts';
import type { FastifyInstance } from 'fastify';
import type { TenantConn } from '../../../db/tenant-db';
import { compile, type ResourceHooks } from '../../../engine';
import { toRoleModules, toUser } from '../../../lib/accounts';
import { writeAudit } from '../../../lib/audit';
import { HttpError } from '../../../lib/http-error';
import { AUTH_MESSAGES } from '../../../lib/messages';
import { recordsByIds } from '../../../lib/resource-records';
import { tooMany } from '../../../plugins/rate-limit';
import type { ServiceContext } from '../../../service-context';
import {
  assertUnique,
  checkPassword,
  createEmailVerification,
  sendVerificationMail,
  uniqueViolation,
} from '../../auth';
import { generateVoucherCode } from './codes';
import { markUnused } from './release';
import {
  createVoucherAccount,
  insertVouchers,
  lockVoucher,
  lockVoucherWithRegistrant,
  unusedVouchers,
  voucherAccount,
  yearAndSchoolExist,
} from './repository';

/** The voucher declaration compiled for the engine (list, export, get, edit, archive, restore). */
export const compiledVoucher = compile(voucherResource);

/** Vouchers as the contract's records, in id order. */
export const voucherRecords = (c: TenantConn, ids: number[]) => recordsByIds(c, compiledVoucher, ids);

async function checkYearAndSchool(c: TenantConn, schoolYearId: number, schoolId: number | null) {
  const found = await yearAndSchoolExist(c.db, c.tenantId, schoolYearId, schoolId);
  if (!found.year) {
    const msg = 'Tahun ajaran yang dipilih tidak ditemukan.';
    throw new HttpError(400, msg, { school_year_id: msg });
  }
  if (!found.school) {
    const msg = 'Sekolah yang dipilih tidak ditemukan.';
    throw new HttpError(400, msg, { school_id: msg });
  }
}

/**
 * Generates `count` vouchers in one statement per round; a code that collides with an existing one (very
 * unlikely with 50 random bits) is simply drawn again.
 */
export async function createVouchers(
  sc: ServiceContext,
  input: {
    count: number;
    method: VoucherMethod;
    school_year_id: number;
    school_id: number | null;
    note: string | null;
  },
): Promise<unknown[]> {
  return sc.tx(async (c) => {
    await checkYearAndSchool(c, input.school_year_id, input.school_id);
    const ids: number[] = [];
    for (let round = 0; ids.length < input.count && round < 5; round++) {
      const codes = new Set<string>();
      while (codes.size < input.count - ids.length) codes.add(generateVoucherCode());
      ids.push(
        ...(await insertVouchers(c.db, c.tenantId, {
          codes: [...codes],
          method: input.method,
          school_year_id: input.school_year_id,
          school_id: input.school_id,
          note: input.note,
          created_by: sc.auth?.user.id ?? null,
        })),
      );
    }
    await writeAudit(c, {
      userId: sc.auth?.user.id ?? null,
      action: 'create_batch',
      resource: 'mst_token',
      recordId: null,
      before: null,
      after: { count: ids.length, method: input.method, school_year_id: input.school_year_id },
    });
    return voucherRecords(c, ids);
  });
}

/** At most this many unused vouchers are listed (the count covers them all). */
const AVAILABLE_LIST_LIMIT = 1000;

/** Staff see every unused voucher of the year; a parent sees their own (bought online or registered). */
export const availableVouchers = (c: TenantConn, schoolYearId: number, ownerUserId: number | null = null) =>
  unusedVouchers(c.db, c.tenantId, schoolYearId, AVAILABLE_LIST_LIMIT, ownerUserId);

/**
 * Makes a used voucher available again — only when the registrant it created is gone (deleted); while that
 * registrant is live the reset would hand one place to two registrants, so it is refused with 409.
 */
export async function resetVoucher(sc: ServiceContext, code: string): Promise<unknown> {
  return sc.tx(async (c) => {
    const v = await lockVoucherWithRegistrant(c.db, c.tenantId, normalizeVoucher(code));
    if (!v) throw new HttpError(404, VOUCHER_MSG.notFound);
    if (!v.used_at) throw new HttpError(409, VOUCHER_MSG.notUsed);
    if (v.registrant_id !== null && v.reg_live)
      throw new HttpError(409, VOUCHER_MSG.stillUsed(v.reg_name ?? '(tanpa nama)', v.reg_number ?? '-'));
    await markUnused(c.db, c.tenantId, v.id);
    await writeAudit(c, {
      userId: sc.auth?.user.id ?? null,
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

type AccountRow = NonNullable<Awaited<ReturnType<typeof voucherAccount>>>;

const loginResponse = (app: FastifyInstance, sc: ServiceContext, a: AccountRow, message: string) =>
  ({
    success: true,
    message,
    user: toUser(a),
    token: app.issueToken({
      userId: a.id,
      tenantId: sc.tenant.id,
      audience: 'user',
      tokenVersion: a.token_version,
    }),
    role_modules: toRoleModules(a.role_modules),
  }) satisfies LoginResponse;

/**
 * POST public/login_token, user/token/login: limited per IP like /public/login, and slowed by the account's
 * own failure counter — the voucher is one more way into the account, like its e-mail and phone, so a lock
 * earned through one holds for all and failures through the voucher count toward it. A code naming no
 * account has a counter of its own, so unknown and known codes behave alike.
 */
export async function loginWithVoucher(
  app: FastifyInstance,
  sc: ServiceContext,
  body: { token: string; password: string },
): Promise<LoginResponse> {
  const ip = await app.rateLimit.hit(`login:ip:${sc.client.ip}`, 60);
  if (ip.count > app.ctx.limits.loginPerIpPerMinute) throw tooMany(ip.retryAfter);
  const account = await checkPassword(
    app,
    sc,
    (c) => voucherAccount(c.db, c.tenantId, body.token),
    `voucher:${normalizeVoucher(body.token)}`,
    body.password,
    VOUCHER_MSG.badLogin,
  );
  if (isStaffRole(account.role)) throw new HttpError(403, AUTH_MESSAGES.staffUseAdmin);
  return loginResponse(app, sc, account, AUTH_MESSAGES.loggedIn);
}

/**
 * POST user/token/register: creates a parent account bound to an unused voucher that no account holds yet,
 * and signs it in. E-mail and phone are optional; without them the voucher code + password is the login.
 */
export async function registerWithVoucher(
  app: FastifyInstance,
  sc: ServiceContext,
  body: { token: string; name: string; email: string; phone_number: string; password: string },
): Promise<LoginResponse> {
  const ip = await app.rateLimit.hit(`voucher-register:ip:${sc.client.ip}`, 15 * 60);
  if (ip.count > app.ctx.limits.loginPerIpPerMinute) throw tooMany(ip.retryAfter, 'permintaan');
  const email = body.email || null;
  const phone = body.phone_number || null;
  const passwordHash = await app.ctx.hasher.hash(body.password);
  let created: { account: AccountRow; verification: string | null };
  try {
    created = await sc.tx(async (c) => {
      const v = await lockVoucher(c.db, c.tenantId, body.token);
      if (!v) throw new HttpError(400, VOUCHER_MSG.invalid, { token: VOUCHER_MSG.invalid });
      if (v.used_at) throw new HttpError(409, VOUCHER_MSG.used, { token: VOUCHER_MSG.used });
      if (v.owner_user_id !== null)
        throw new HttpError(409, VOUCHER_MSG.otherAccount, { token: VOUCHER_MSG.otherAccount });
      await assertUnique(c, email, phone);
      const userId = await createVoucherAccount(c.db, c.tenantId, v.id, {
        name: body.name || `Orang Tua (${body.token})`,
        email,
        phone_number: phone,
        password_hash: passwordHash,
      });
      if (userId === undefined) throw new Error(`tenant ${c.tenantId} has no role "user"`);
      const account = (await voucherAccount(c.db, c.tenantId, body.token))!;
      return { account, verification: email ? await createEmailVerification(c, userId, email) : null };
    });
  } catch (err) {
    throw uniqueViolation(err) ?? err;
  }
  if (email && created.verification)
    await sendVerificationMail(app, sc, email, created.account.name, created.verification);
  return loginResponse(app, sc, created.account, VOUCHER_MSG.registered);
}
