import {
  type Answers,
  cascadeDependents,
  isStaffRole,
  isSuperadmin,
  missingRequired,
  REGISTRANT_MSG,
  type Registrant,
  type RegistrantSummary,
  registrantStatusLabel,
  VOUCHER_MSG,
} from '@psb/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TenantConn } from '../../db/tenant-db';
import { HttpError, notFound } from '../../lib/http-error';
import { tooMany } from '../../plugins/rate-limit';
import type { AuthContext } from '../../types';

/** The "open today" condition of a registration period (WIB), over alias p. */
export const PERIOD_OPEN = `p.is_active AND p.deleted_at IS NULL
  AND (now() AT TIME ZONE 'Asia/Jakarta')::date BETWEEN p.start_date AND p.end_date`;

/** Who may see a registrant: its parent, or staff with read on Calon Murid (superadmin always). */
export function staffMayRead(auth: AuthContext): boolean {
  if (auth.audience !== 'admin' || !isStaffRole(auth.user.role)) return false;
  if (isSuperadmin(auth.user.role)) return true;
  return auth.roleModules.find((m) => m.mst_module_name === 'Calon Murid')?.read_action === 1;
}

// --- reading -------------------------------------------------------------------------------------------------

interface RegistrantRow extends Omit<Registrant, 'status_label' | 'missing' | 'missing_count'> {}

const REGISTRANT_SELECT = `SELECT r.id, r.registration_number, r.name, r.user_id, r.school_id, s.name AS school_name,
    r.school_period_id, p.name AS school_period_name, r.mst_class_id, k.name AS mst_class_name,
    r.school_year_id, y.name AS school_year_name, r.is_submit, r.is_verified, r.is_test, r.is_accepted,
    r.is_internal, r.locked, r.survey_completed_at, r.submitted_at, r.created_at, r.updated_at,
    COALESCE((SELECT jsonb_object_agg(d.key, d.value - 'key') FROM jsonb_each(r.documents) d), '{}'::jsonb) AS documents,
    r.question_answer
  FROM registrants r
  JOIN schools s ON s.tenant_id = r.tenant_id AND s.id = r.school_id
  JOIN school_periods p ON p.tenant_id = r.tenant_id AND p.id = r.school_period_id
  JOIN mst_classes k ON k.tenant_id = r.tenant_id AND k.id = r.mst_class_id
  JOIN school_years y ON y.tenant_id = r.tenant_id AND y.id = r.school_year_id`;

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : (v as string | null));

function present(row: RegistrantRow): Registrant {
  const answers = (row.question_answer ?? {}) as Answers;
  const missing = missingRequired(answers).map((q) => ({ no: q.no, label: q.label }));
  const r = {
    ...row,
    survey_completed_at: iso(row.survey_completed_at),
    submitted_at: iso(row.submitted_at),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
  return { ...r, status_label: registrantStatusLabel(r), missing_count: missing.length, missing };
}

const summary = ({ question_answer: _qa, ...r }: Registrant): RegistrantSummary => r;

export async function listOwnRegistrants(c: TenantConn, userId: number): Promise<RegistrantSummary[]> {
  const { rows } = await c.client.query<RegistrantRow>(
    `${REGISTRANT_SELECT} WHERE r.tenant_id = $1 AND r.user_id = $2 AND r.deleted_at IS NULL ORDER BY r.id`,
    [c.tenantId, userId],
  );
  return rows.map((r) => summary(present(r)));
}

/** A live registrant the caller may see (own, or any for staff with Calon Murid read); 404 otherwise. */
export async function getRegistrant(c: TenantConn, auth: AuthContext, id: number): Promise<Registrant> {
  const { rows } = await c.client.query<RegistrantRow>(
    `${REGISTRANT_SELECT} WHERE r.tenant_id = $1 AND r.id = $2 AND r.deleted_at IS NULL
       AND (r.user_id = $3 OR $4::boolean)`,
    [c.tenantId, id, auth.user.id, staffMayRead(auth)],
  );
  if (!rows[0]) throw notFound();
  return present(rows[0]);
}

// --- creating with a voucher ---------------------------------------------------------------------------------

interface CreateInput {
  token: string;
  password: string;
  school_id: number;
  school_period_id: number;
  mst_class_id: number;
}

const fail = (status: number, message: string, field?: string) =>
  new HttpError(status, message, field ? { [field]: message } : undefined);

/**
 * POST /registrant. The account password is checked first (outside the transaction: argon2 is slow and must
 * not hold locks). Then ONE transaction: the voucher row locked FOR UPDATE (a concurrent redemption waits and
 * then sees it used → 409), the period open today and of the school, the voucher's year and school, the class
 * quota of the period (its class_periods row locked FOR UPDATE, so two last places cannot both be taken), a
 * registration number from the per-tenant counter, the registrant, and the voucher marked used.
 */
export async function createRegistrant(
  app: FastifyInstance,
  req: FastifyRequest,
  auth: AuthContext,
  input: CreateInput,
): Promise<Registrant> {
  if (isStaffRole(auth.user.role)) throw new HttpError(403, REGISTRANT_MSG.notStaffArea);
  const attemptsKey = `registrant-password:${req.tenant.id}:${auth.user.id}`;
  const attempts = await app.rateLimit.peek(attemptsKey);
  if (attempts.count >= app.ctx.limits.loginFailuresPerAccount) throw tooMany(attempts.retryAfter);
  const hash = await req.db(async (c) => {
    const { rows } = await c.client.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL',
      [c.tenantId, auth.user.id],
    );
    return rows[0]?.password_hash;
  });
  if (!hash || !(await app.ctx.hasher.verify(hash, input.password))) {
    await app.rateLimit.hit(attemptsKey, app.ctx.limits.loginAccountWindowSec);
    throw fail(400, REGISTRANT_MSG.wrongPassword, 'password');
  }

  const id = await req.tx(async (c) => {
    const t = c.tenantId;
    const voucher = (
      await c.client.query<{
        id: number;
        method: string;
        school_year_id: number;
        school_id: number | null;
        school_name: string | null;
        used_at: string | null;
        owner_user_id: number | null;
      }>(
        `SELECT k.id, k.method, k.school_year_id, k.school_id, s.name AS school_name, k.used_at, k.owner_user_id
         FROM mst_tokens k LEFT JOIN schools s ON s.tenant_id = k.tenant_id AND s.id = k.school_id
         WHERE k.tenant_id = $1 AND k.token = $2 AND k.deleted_at IS NULL
         FOR UPDATE OF k`,
        [t, input.token],
      )
    ).rows[0];
    if (!voucher) throw fail(400, VOUCHER_MSG.notFound, 'token');
    if (voucher.used_at) throw fail(409, VOUCHER_MSG.used, 'token');
    if (voucher.owner_user_id !== null && voucher.owner_user_id !== auth.user.id)
      throw fail(409, VOUCHER_MSG.otherAccount, 'token');

    const period = (
      await c.client.query<{
        school_id: number;
        school_year_id: number;
        open: boolean;
        level: string;
        year: string;
      }>(
        `SELECT p.school_id, p.school_year_id, (${PERIOD_OPEN}) AS open, s.level,
                to_char(y.start_date, 'YYYY') AS year
         FROM school_periods p
         JOIN schools s ON s.tenant_id = p.tenant_id AND s.id = p.school_id AND s.deleted_at IS NULL
         JOIN school_years y ON y.tenant_id = p.tenant_id AND y.id = p.school_year_id
         WHERE p.tenant_id = $1 AND p.id = $2 AND p.deleted_at IS NULL`,
        [t, input.school_period_id],
      )
    ).rows[0];
    if (!period) throw fail(400, REGISTRANT_MSG.periodMissing, 'school_period_id');
    if (period.school_id !== input.school_id)
      throw fail(400, REGISTRANT_MSG.periodOtherSchool, 'school_period_id');
    if (voucher.school_year_id !== period.school_year_id)
      throw fail(400, REGISTRANT_MSG.voucherOtherYear, 'token');
    if (voucher.school_id !== null && voucher.school_id !== input.school_id)
      throw fail(400, REGISTRANT_MSG.voucherOtherSchool(voucher.school_name ?? 'sekolah lain'), 'school_id');
    if (!period.open) throw fail(409, REGISTRANT_MSG.periodClosed, 'school_period_id');

    const place = (
      await c.client.query<{ id: number; quota: number; taken: number }>(
        `SELECT cp.id, cp.quota,
                (SELECT count(*) FROM registrants r WHERE r.tenant_id = cp.tenant_id
                   AND r.school_period_id = cp.school_period_id AND r.mst_class_id = cp.mst_class_id
                   AND r.deleted_at IS NULL)::int AS taken
         FROM class_periods cp
         JOIN mst_classes k ON k.tenant_id = cp.tenant_id AND k.id = cp.mst_class_id AND k.deleted_at IS NULL AND k.is_active
         WHERE cp.tenant_id = $1 AND cp.school_period_id = $2 AND cp.mst_class_id = $3
           AND cp.deleted_at IS NULL AND cp.is_active
         FOR UPDATE OF cp`,
        [t, input.school_period_id, input.mst_class_id],
      )
    ).rows[0];
    if (!place) throw fail(400, REGISTRANT_MSG.classMissing, 'mst_class_id');
    if (place.taken >= place.quota) throw fail(409, REGISTRANT_MSG.quotaFull, 'mst_class_id');

    const level = period.level.toUpperCase().replace(/[^A-Z0-9]/g, '') || 'X';
    const prefix = `PSB-${period.year}-${level}`;
    const seq = (
      await c.client.query<{ last_value: number }>(
        `INSERT INTO registration_counters AS rc (tenant_id, prefix, last_value) VALUES ($1, $2, 1)
         ON CONFLICT (tenant_id, prefix) DO UPDATE SET last_value = rc.last_value + 1
         RETURNING last_value`,
        [t, prefix],
      )
    ).rows[0]!.last_value;
    const number = `${prefix}-${String(seq).padStart(5, '0')}`;
    const created = (
      await c.client.query<{ id: number }>(
        `INSERT INTO registrants (tenant_id, user_id, school_id, school_period_id, mst_class_id, school_year_id,
                                  token_id, registration_number, is_internal)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [
          t,
          auth.user.id,
          input.school_id,
          input.school_period_id,
          input.mst_class_id,
          period.school_year_id,
          voucher.id,
          number,
          voucher.method === 'internal',
        ],
      )
    ).rows[0]!.id;
    await c.client.query(
      `UPDATE mst_tokens SET used_at = now(), used_by_user_id = $3, registrant_id = $4,
              owner_user_id = COALESCE(owner_user_id, $3), updated_at = now()
       WHERE tenant_id = $1 AND id = $2`,
      [t, voucher.id, auth.user.id, created],
    );
    await c.client.query(
      'UPDATE class_periods SET used_quota = $3, updated_at = now() WHERE tenant_id = $1 AND id = $2',
      [t, place.id, place.taken + 1],
    );
    return created;
  });
  if (attempts.count > 0) await app.rateLimit.reset(attemptsKey);
  return req.db((c) => getRegistrant(c, auth, id));
}

// --- answers -------------------------------------------------------------------------------------------------

/**
 * Merges one page of answers in ONE statement: `null` answers are removed, and when an address level is in the
 * payload with a value different from the stored one, the levels below it that the payload does not carry are
 * cleared (the form's cascade rule, enforced for any client). Only the owner's live, unlocked registrant.
 */
const SAVE_ANSWERS_SQL = `UPDATE registrants r SET
    question_answer = jsonb_strip_nulls(
      (r.question_answer - COALESCE((
        SELECT array_agg(d) FROM jsonb_each($4::jsonb) c(parent, deps), jsonb_array_elements_text(c.deps) d
        WHERE r.question_answer -> c.parent IS DISTINCT FROM $3::jsonb -> c.parent), '{}'::text[]))
      || $3::jsonb),
    name = CASE WHEN $3::jsonb ? '1' THEN NULLIF(btrim($3::jsonb ->> '1'), '') ELSE r.name END,
    updated_at = now()
  WHERE r.tenant_id = $1 AND r.id = $2 AND r.user_id = $5 AND r.deleted_at IS NULL AND NOT r.locked
  RETURNING r.updated_at`;

export function cascadeFor(data: Answers): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const key of Object.keys(data)) {
    const deps = cascadeDependents(Number(key))
      .map(String)
      .filter((d) => !(d in data));
    if (deps.length) out[key] = deps;
  }
  return out;
}

export async function saveAnswers(c: TenantConn, userId: number, id: number, data: Answers): Promise<string> {
  const { rows } = await c.client.query<{ updated_at: Date }>({
    name: 'registrant_save_answers',
    text: SAVE_ANSWERS_SQL,
    values: [c.tenantId, id, JSON.stringify(data), JSON.stringify(cascadeFor(data)), userId],
  });
  if (rows[0]) return rows[0].updated_at.toISOString();
  // Why nothing was updated (the rare path): not theirs / gone → 404, locked → 409.
  const { rows: why } = await c.client.query<{ locked: boolean }>(
    'SELECT locked FROM registrants WHERE tenant_id = $1 AND id = $2 AND user_id = $3 AND deleted_at IS NULL',
    [c.tenantId, id, userId],
  );
  if (why[0]?.locked) throw new HttpError(409, REGISTRANT_MSG.locked);
  throw notFound();
}

/** The owner's live registrant locked for update (complete, submit, upload). */
export async function lockOwn(c: TenantConn, userId: number, id: number) {
  const { rows } = await c.client.query<{
    id: number;
    locked: boolean;
    is_submit: boolean;
    question_answer: Answers;
    documents: Record<string, { key?: string }>;
  }>(
    `SELECT id, locked, is_submit, question_answer, documents FROM registrants
     WHERE tenant_id = $1 AND id = $2 AND user_id = $3 AND deleted_at IS NULL FOR UPDATE`,
    [c.tenantId, id, userId],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

export const missingList = (answers: Answers) =>
  missingRequired(answers).map((q) => ({ no: q.no, label: q.label }));

export async function completeSurvey(c: TenantConn, userId: number, id: number) {
  const r = await lockOwn(c, userId, id);
  if (r.locked) throw new HttpError(409, REGISTRANT_MSG.locked);
  await c.client.query(
    'UPDATE registrants SET survey_completed_at = now(), updated_at = now() WHERE tenant_id = $1 AND id = $2',
    [c.tenantId, id],
  );
  return missingList(r.question_answer);
}

export type SubmitResult = { ok: true } | { ok: false; missing: { no: number; label: string }[] };

export async function submitRegistrant(c: TenantConn, userId: number, id: number): Promise<SubmitResult> {
  const r = await lockOwn(c, userId, id);
  if (r.is_submit) throw new HttpError(409, REGISTRANT_MSG.alreadySubmitted);
  const missing = missingList(r.question_answer);
  if (missing.length) return { ok: false, missing };
  await c.client.query(
    `UPDATE registrants SET is_submit = true, submitted_at = now(), locked = true,
            survey_completed_at = COALESCE(survey_completed_at, now()), updated_at = now()
     WHERE tenant_id = $1 AND id = $2`,
    [c.tenantId, id],
  );
  return { ok: true };
}

/** Staff reopen a submitted form: unlocked and back to not submitted, so the parent submits again. */
export async function openForm(c: TenantConn, id: number): Promise<void> {
  const { rowCount } = await c.client.query(
    `UPDATE registrants SET locked = false, is_submit = false, updated_at = now()
     WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL`,
    [c.tenantId, id],
  );
  if (!rowCount) throw notFound();
}

/** Public status check: the name and a status label, nothing else. */
export async function statusByNumber(c: TenantConn, number: string) {
  const { rows } = await c.client.query<{
    registration_number: string;
    name: string | null;
    is_submit: boolean;
    is_verified: boolean;
    is_accepted: boolean | null;
    survey_completed_at: string | null;
  }>(
    `SELECT registration_number, name, is_submit, is_verified, is_accepted, survey_completed_at::text
     FROM registrants WHERE tenant_id = $1 AND registration_number = upper($2) AND deleted_at IS NULL`,
    [c.tenantId, number.trim()],
  );
  const r = rows[0];
  if (!r) throw new HttpError(404, REGISTRANT_MSG.numberNotFound);
  return {
    registration_number: r.registration_number,
    name: r.name ?? '(nama belum diisi)',
    status: registrantStatusLabel(r),
  };
}
