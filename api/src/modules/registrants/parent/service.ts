import {
  type Answers,
  buildSurvey,
  type CustomQuestion,
  familyMissing,
  isCustomQuestionNo,
  isStaffRole,
  maskName,
  missingRequired,
  RECENT_SIGN_IN_SECONDS,
  REGISTRANT_MSG,
  type Registrant,
  type RegistrantSummary,
  registrantStatusLabel,
  VOUCHER_MSG,
} from '@psb/contracts';
import type { FastifyInstance } from 'fastify';
import type { TenantConn } from '../../../db/tenant-db';
import { passwordHashOf } from '../../../lib/accounts';
import { writeAudit } from '../../../lib/audit';
import { HttpError, notFound } from '../../../lib/http-error';
import { tooMany } from '../../../plugins/rate-limit';
import type { ServiceContext } from '../../../service-context';
import type { AuthContext } from '../../../types';
import { recordProcessingConsent } from '../../auth';
import { logSensitiveViews, maySeeSensitive, sensitiveAnswered, withoutSensitive } from '../../master-data';
import { markUnused } from '../../payments';
import { staffMayRead } from '../access';
import { assertValidAnswers, cascadeFor } from '../answer-rules';
import { familyOf, startNewChild } from '../family/service';
import { nextRegistrationNumber } from '../registration-number';
import { transition } from '../status';
import {
  customQuestionsOfOwn,
  findVisible,
  idByNumber,
  insertRegistrant,
  isLocked,
  listOfUser,
  lockedForRelease,
  lockPlace,
  lockVoucher,
  markWithdrawn,
  mergeAnswers,
  periodForRegistration,
  type RegistrantRow,
  statusRow,
} from './repository';

// --- reading -------------------------------------------------------------------------------------------------

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : (v as string | null));

function present({ family_copied, family_source, ...row }: RegistrantRow): Registrant {
  const answers = row.question_answer ?? {};
  const missing = [...missingList(answers, row.custom_questions), ...familyMissing(answers, family_copied)];
  const family = familyOf({ question_answer: answers, family_copied, family_source });
  const r = {
    ...row,
    ...(family ? { family } : {}),
    question_answer: answers,
    survey_completed_at: iso(row.survey_completed_at),
    submitted_at: iso(row.submitted_at),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
  return { ...r, status_label: registrantStatusLabel(r), missing_count: missing.length, missing };
}

const summary = ({
  question_answer: _qa,
  custom_questions: _cq,
  family: _f,
  ...r
}: Registrant): RegistrantSummary => r;

export async function listOwnRegistrants(c: TenantConn, userId: number): Promise<RegistrantSummary[]> {
  const rows = await listOfUser(c.db, c.tenantId, userId);
  return rows.map((r) => summary(present(r)));
}

/** A live registrant the caller may see (own, or any for staff with Calon Murid read); 404 otherwise. */
export async function getRegistrant(c: TenantConn, auth: AuthContext, id: number): Promise<Registrant> {
  const row = await findVisible(c.db, c.tenantId, id, auth.user.id, staffMayRead(auth));
  if (!row) throw notFound();
  if (row.user_id === auth.user.id) return present(row);
  // Staff: sensitive answers only with the Data Sensitif module, and every showing of them is logged.
  if (maySeeSensitive(auth)) {
    const shown = sensitiveAnswered(row.question_answer ?? {});
    await logSensitiveViews(c.db, c.tenantId, auth.user.id, 'detail', [
      { registrantId: row.id, questionNos: shown },
    ]);
    return present(row);
  }
  const { answers, hidden } = withoutSensitive(row.question_answer ?? {});
  // What is missing is judged on every answer: a hidden one is not a missing one.
  return { ...present(row), question_answer: answers, hidden_answers: hidden };
}

/** Staff look a registrant up by its registration number; the answer is the same as by its id. */
export async function registrantByNumber(c: TenantConn, auth: AuthContext, number: string) {
  const id = await idByNumber(c.db, c.tenantId, number);
  if (id === undefined) throw notFound();
  return getRegistrant(c, auth, id);
}

// --- creating with a voucher ---------------------------------------------------------------------------------

interface CreateInput {
  token: string;
  password?: string | undefined;
  school_id: number;
  school_period_id: number;
  mst_class_id: number;
}

const fail = (status: number, message: string, field?: string) =>
  new HttpError(status, message, field ? { [field]: message } : undefined);

/**
 * The password confirmation of a redemption: skipped for a session opened with the password within
 * RECENT_SIGN_IN_SECONDS (no argon2 run), else the account password must be given and right.
 */
async function confirmPassword(
  app: FastifyInstance,
  sc: ServiceContext,
  auth: AuthContext,
  password?: string,
) {
  if (password === undefined) {
    if (Date.now() / 1000 - auth.signedInAt <= RECENT_SIGN_IN_SECONDS) return;
    throw fail(400, REGISTRANT_MSG.passwordAgain, 'password');
  }
  const attemptsKey = `registrant-password:${sc.tenant.id}:${auth.user.id}`;
  const attempts = await app.rateLimit.peek(attemptsKey);
  if (attempts.count >= app.ctx.limits.loginFailuresPerAccount) throw tooMany(attempts.retryAfter);
  const hash = await sc.db((c) => passwordHashOf(c.db, c.tenantId, auth.user.id));
  if (!hash || !(await app.ctx.hasher.verify(hash, password))) {
    await app.rateLimit.hit(attemptsKey, app.ctx.limits.loginAccountWindowSec);
    throw fail(400, REGISTRANT_MSG.wrongPassword, 'password');
  }
  if (attempts.count > 0) await app.rateLimit.reset(attemptsKey);
}

/**
 * POST /registrant. The account password (when needed) is checked first (outside the transaction: argon2 is slow and must
 * not hold locks). Then ONE transaction: the voucher row locked FOR UPDATE (a concurrent redemption waits and
 * then sees it used → 409), the period open today and of the school, the voucher's year and school, the class
 * quota of the period (its class_periods row locked FOR UPDATE, so two last places cannot both be taken), a
 * registration number from the per-tenant counter, the registrant, and the voucher marked used.
 */
export async function createRegistrant(
  app: FastifyInstance,
  sc: ServiceContext,
  auth: AuthContext,
  input: CreateInput,
): Promise<Registrant> {
  if (isStaffRole(auth.user.role)) throw new HttpError(403, REGISTRANT_MSG.notStaffArea);
  await confirmPassword(app, sc, auth, input.password);

  const id = await sc.tx(async (c) => {
    const t = c.tenantId;
    const voucher = await lockVoucher(c.db, t, input.token);
    if (!voucher) throw fail(400, VOUCHER_MSG.invalid, 'token');
    if (voucher.used_at) throw fail(409, VOUCHER_MSG.used, 'token');
    if (voucher.owner_user_id !== null && voucher.owner_user_id !== auth.user.id)
      throw fail(409, VOUCHER_MSG.otherAccount, 'token');

    const period = await periodForRegistration(c.db, t, input.school_period_id);
    if (!period) throw fail(400, REGISTRANT_MSG.periodMissing, 'school_period_id');
    if (period.school_id !== input.school_id)
      throw fail(400, REGISTRANT_MSG.periodOtherSchool, 'school_period_id');
    if (voucher.school_year_id !== period.school_year_id)
      throw fail(400, REGISTRANT_MSG.voucherOtherYear, 'token');
    if (voucher.school_id !== null && voucher.school_id !== input.school_id)
      throw fail(400, REGISTRANT_MSG.voucherOtherSchool(voucher.school_name ?? 'sekolah lain'), 'school_id');
    if (!period.open) throw fail(409, REGISTRANT_MSG.periodClosed, 'school_period_id');

    const place = await lockPlace(c.db, t, input.school_period_id, input.mst_class_id);
    if (!place) throw fail(400, REGISTRANT_MSG.classMissing, 'mst_class_id');
    if (place.taken >= place.quota) throw fail(409, REGISTRANT_MSG.quotaFull, 'mst_class_id');

    const number = await nextRegistrationNumber(c.db, t, period.year, period.level);
    const created = await insertRegistrant(
      c.db,
      t,
      {
        user_id: auth.user.id,
        school_id: input.school_id,
        school_period_id: input.school_period_id,
        mst_class_id: input.mst_class_id,
        school_year_id: period.school_year_id,
        token_id: voucher.id,
        registration_number: number,
        is_internal: voucher.method === 'internal',
      },
      { id: place.id, usedQuota: place.taken + 1 },
    );
    // Making a registrant is agreeing, for that child, to the consent text shown on the form.
    await recordProcessingConsent(c, auth.user.id, created, sc.client.ip);
    await startNewChild(c, { id: created, userId: auth.user.id, schoolYearId: period.school_year_id });
    return created;
  });
  return sc.db((c) => getRegistrant(c, auth, id));
}

// --- answers -------------------------------------------------------------------------------------------------

/**
 * The answers of one page checked against the registrant's form: the fixed questions without a query, the
 * school's own questions (read only when the page carries one) against its school and period.
 */
export async function checkAnswers(c: TenantConn, userId: number, id: number, data: Answers): Promise<void> {
  const custom = Object.keys(data).some((k) => isCustomQuestionNo(Number(k)))
    ? await customQuestionsOfOwn(c.db, c.tenantId, userId, id)
    : [];
  assertValidAnswers(data, custom);
}

export async function saveAnswers(c: TenantConn, userId: number, id: number, data: Answers): Promise<string> {
  await checkAnswers(c, userId, id, data);
  const updatedAt = await mergeAnswers(c, userId, id, data, cascadeFor(data));
  if (updatedAt) return new Date(updatedAt).toISOString();
  // Why nothing was updated (the rare path): not theirs / gone → 404, locked → 409.
  if (await isLocked(c.db, c.tenantId, userId, id)) throw new HttpError(409, REGISTRANT_MSG.locked);
  throw notFound();
}

export const missingList = (answers: Answers, custom: readonly CustomQuestion[] | null | undefined) =>
  missingRequired(answers, buildSurvey(custom)).map((q) => ({ no: q.no, label: q.label }));

/** The parent finishes the form: form complete when nothing required is missing, else still a draft. */
export async function completeSurvey(c: TenantConn, auth: AuthContext, id: number) {
  const r = await transition(c, { id, name: 'complete', auth });
  return r.missing;
}

export type SubmitResult = { ok: true } | { ok: false; missing: { no: number; label: string }[] };

/** Submit by the parent or, for staff with update on Calon Murid, on the parent's behalf. */
export async function submitRegistrant(c: TenantConn, auth: AuthContext, id: number): Promise<SubmitResult> {
  const name = auth.audience === 'admin' ? 'submit_on_behalf' : 'submit';
  const r = await transition(c, { id, name, auth });
  return r.to === 'submitted' ? { ok: true } : { ok: false, missing: r.missing };
}

/**
 * The public status check: number and birth date must both match, and a miss says nothing about which one
 * was wrong. The name is masked — the answer goes to whoever knows those two facts.
 */
export async function statusByNumber(c: TenantConn, number: string, birthDate: string) {
  const r = await statusRow(c.db, c.tenantId, number.trim(), birthDate);
  if (!r) throw new HttpError(404, REGISTRANT_MSG.statusNoMatch);
  return {
    registration_number: r.registration_number,
    name: r.name ? maskName(r.name) : '(nama belum diisi)',
    status: registrantStatusLabel(r),
  };
}

/**
 * The parent withdraws their own application while staff have not verified it. The voucher is released for
 * the same account (it stays bound to it), so the parent can register again — e.g. with the right school or
 * class — without buying another; nobody else can use it. Audited.
 */
export async function withdrawRegistrant(
  sc: ServiceContext,
  auth: AuthContext,
  id: number,
  reason: string | null,
) {
  await sc.tx(async (c) => {
    const moved = await transition(c, { id, name: 'withdraw', auth, reason });
    const r = (await lockedForRelease(c.db, c.tenantId, moved.id))!;
    await markWithdrawn(c.db, c.tenantId, r, reason);
    if (r.token_id !== null) await markUnused(c.db, c.tenantId, r.token_id);
    await writeAudit(c, {
      userId: auth.user.id,
      action: 'withdraw',
      resource: 'registrants',
      recordId: r.id,
      before: { status: moved.from, token_id: r.token_id },
      after: { status: moved.to, withdrawn: true, reason, voucher_released: r.token_id !== null },
    });
  });
}
