import type { Answers, CustomQuestion, Registrant, RegistrantFamily } from '@psb/contracts';
import { sql } from 'kysely';
import type { Db } from '../../../db/kysely';
import type { TenantConn } from '../../../db/tenant-db';
import { executeNamed } from '../../../lib/named-statement';
import { periodOpenToday } from '../../../lib/period-open';
import { markUsed } from '../../payments';
import { mergedAnswers } from '../answer-rules';
import { lockClassPeriod, placesTaken, refreshUsedQuota } from '../class-quota';
import { joinPlacement, registrantsAsR } from '../placement';

/** Registrants with their school, period, class and year names; documents without their storage keys. */
function registrantsWithNames(db: Db) {
  return joinPlacement(registrantsAsR(db))
    .select([
      'r.id',
      'r.registration_number',
      'r.name',
      'r.user_id',
      'r.school_id',
      's.name as school_name',
      'r.school_period_id',
      'p.name as school_period_name',
      'r.mst_class_id',
      'k.name as mst_class_name',
      'r.school_year_id',
      'y.name as school_year_name',
      'r.is_submit',
      'r.is_verified',
      'r.is_test',
      'r.is_accepted',
      'r.is_internal',
      'r.locked',
      'r.status',
      'r.status_note',
      'r.survey_completed_at',
      'r.submitted_at',
      'r.created_at',
      'r.updated_at',
      sql<
        Registrant['documents']
      >`COALESCE((SELECT jsonb_object_agg(d.key, d.value - 'key') FROM jsonb_each(r.documents) d), '{}'::jsonb)`.as(
        'documents',
      ),
      'r.question_answer',
      sql<CustomQuestion[]>`custom_questions_of(r.tenant_id, r.school_id, r.school_period_id)`.as(
        'custom_questions',
      ),
      'r.family_copied',
      // The form the family answers came from (hidden, like any registrant, from staff of another school).
      sql<
        RegistrantFamily['source']
      >`(SELECT jsonb_build_object('id', f.id, 'name', f.name, 'school_name', fs.name)
        FROM registrants f JOIN schools fs ON fs.tenant_id = f.tenant_id AND fs.id = f.school_id
        WHERE f.tenant_id = r.tenant_id AND f.id = r.family_source_id)`.as('family_source'),
    ])
    .where('r.deleted_at', 'is', null);
}

export type RegistrantRow = Awaited<ReturnType<typeof listOfUser>>[number];

export function listOfUser(db: Db, tenantId: number, userId: number) {
  return registrantsWithNames(db)
    .where('r.tenant_id', '=', tenantId)
    .where('r.user_id', '=', userId)
    .orderBy('r.id')
    .execute();
}

/** A live registrant, when it is the user's own or `anyUser`. */
export function findVisible(db: Db, tenantId: number, id: number, userId: number, anyUser: boolean) {
  return registrantsWithNames(db)
    .where('r.tenant_id', '=', tenantId)
    .where('r.id', '=', id)
    .$if(!anyUser, (q) => q.where('r.user_id', '=', userId))
    .executeTakeFirst();
}

/** The custom questions of the user's own live registrant (undefined when it is not theirs). */
export async function customQuestionsOfOwn(db: Db, tenantId: number, userId: number, id: number) {
  const row = await db
    .selectFrom('registrants')
    .select(
      sql<CustomQuestion[]>`custom_questions_of(tenant_id, school_id, school_period_id)`.as(
        'custom_questions',
      ),
    )
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.custom_questions;
}

/** A live voucher by code with its school's name, locked until the transaction ends. */
export function lockVoucher(db: Db, tenantId: number, token: string) {
  return db
    .selectFrom('mst_tokens as k')
    .leftJoin('schools as s', (j) =>
      j.onRef('s.tenant_id', '=', 'k.tenant_id').onRef('s.id', '=', 'k.school_id'),
    )
    .select([
      'k.id',
      'k.method',
      'k.school_year_id',
      'k.school_id',
      's.name as school_name',
      'k.used_at',
      'k.owner_user_id',
    ])
    .where('k.tenant_id', '=', tenantId)
    .where('k.token', '=', token)
    .where('k.deleted_at', 'is', null)
    .forUpdate('k')
    .executeTakeFirst();
}

/** A live period of a live school: its school, year, whether open today, the school level and year label. */
export function periodForRegistration(db: Db, tenantId: number, periodId: number) {
  return db
    .selectFrom('school_periods as p')
    .innerJoin('schools as s', (j) =>
      j
        .onRef('s.tenant_id', '=', 'p.tenant_id')
        .onRef('s.id', '=', 'p.school_id')
        .on('s.deleted_at', 'is', null),
    )
    .innerJoin('school_years as y', (j) =>
      j.onRef('y.tenant_id', '=', 'p.tenant_id').onRef('y.id', '=', 'p.school_year_id'),
    )
    .select((eb) => [
      'p.school_id',
      'p.school_year_id',
      periodOpenToday('p').as('open'),
      's.level',
      eb.fn<string>('to_char', ['y.start_date', eb.val('YYYY')]).as('year'),
    ])
    .where('p.tenant_id', '=', tenantId)
    .where('p.id', '=', periodId)
    .where('p.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The active class quota of the period for the class (row locked) and the live registrants taking it. */
export async function lockPlace(db: Db, tenantId: number, periodId: number, classId: number) {
  const place = await lockClassPeriod(db, tenantId, periodId, classId);
  return place && { ...place, taken: await placesTaken(db, tenantId, place.id) };
}

export interface NewRegistrant {
  user_id: number;
  school_id: number;
  school_period_id: number;
  mst_class_id: number;
  school_year_id: number;
  token_id: number;
  registration_number: string;
  is_internal: boolean;
}

/** Inserts the registrant, marks its voucher used and stores the class quota's new used count. */
export async function insertRegistrant(
  db: Db,
  tenantId: number,
  r: NewRegistrant,
  place: { id: number; usedQuota: number },
) {
  const { id } = await db
    .insertInto('registrants')
    .values({ tenant_id: tenantId, ...r })
    .returning('id')
    .executeTakeFirstOrThrow();
  await markUsed(db, tenantId, r.token_id, { userId: r.user_id, registrantId: id });
  await db
    .updateTable('class_periods')
    .set((eb) => ({ used_quota: place.usedQuota, updated_at: eb.fn('now') }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', place.id)
    .execute();
  return id;
}

/**
 * Merges one page of answers in ONE statement: `null` answers are removed, and the answers listed in `cascade`
 * under a parent whose value changes are cleared. Only the owner's live, unlocked registrant; undefined when
 * nothing matched. A named statement: autosave is frequent.
 */
export async function mergeAnswers(
  c: TenantConn,
  userId: number,
  id: number,
  data: Answers,
  cascade: Record<string, string[]>,
) {
  const [row] = await executeNamed(
    c,
    'registrant_save_answers',
    c.db
      .updateTable('registrants as r')
      .set({ ...mergedAnswers(data, cascade), updated_at: sql`now()` })
      .where('r.tenant_id', '=', c.tenantId)
      .where('r.id', '=', id)
      .where('r.user_id', '=', userId)
      .where('r.deleted_at', 'is', null)
      .where('r.locked', '=', false)
      .returning('r.updated_at'),
  );
  return row?.updated_at;
}

/** The owner's live registrant: whether it is locked (undefined when not theirs or gone). */
export async function isLocked(db: Db, tenantId: number, userId: number, id: number) {
  const row = await db
    .selectFrom('registrants')
    .select('locked')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.locked;
}

/** The id of a live registrant by its registration number (row-level security keeps the caller's schools). */
export async function idByNumber(db: Db, tenantId: number, number: string) {
  const row = await db
    .selectFrom('registrants')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('registration_number', '=', (eb) => eb.fn('upper', [eb.val(number)]))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.id;
}

/** A live registrant by registration number AND the child's birth date (answer 4); both must match. */
export function statusRow(db: Db, tenantId: number, number: string, birthDate: string) {
  return db
    .selectFrom('registrants')
    .select(['registration_number', 'name', 'status'])
    .where('tenant_id', '=', tenantId)
    .where('registration_number', '=', (eb) => eb.fn('upper', [eb.val(number)]))
    .where(sql`question_answer ->> '4'`, '=', birthDate)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** A registrant (already locked by the transition) with its voucher and class place. */
export function lockedForRelease(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('registrants')
    .select(['id', 'token_id', 'school_period_id', 'mst_class_id'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Withdraws: the row is kept with when and why, and soft-deleted so it frees its class place and leaves the
 * lists; the class quota's stored count follows.
 */
export async function markWithdrawn(
  db: Db,
  tenantId: number,
  r: { id: number; school_period_id: number; mst_class_id: number },
  reason: string | null,
) {
  await db
    .updateTable('registrants')
    .set((eb) => ({
      withdrawn_at: eb.fn('now'),
      withdraw_reason: reason,
      deleted_at: eb.fn('now'),
      updated_at: eb.fn('now'),
    }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', r.id)
    .execute();
  await refreshUsedQuota(db, tenantId, [{ periodId: r.school_period_id, classId: r.mst_class_id }]);
}

/** What a submission receipt states: the registrant's number, its parent, and when it was submitted. */
export function submittedRegistrant(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('registrants')
    .select(['id', 'user_id', 'school_id', 'registration_number', 'name', 'submitted_at'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}
