import type { CustomQuestion, PrivacyRequestKind } from '@psb/contracts';
import { sql } from 'kysely';
import type { Db } from '../../../db/tenant-db';

const iso = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const isoOrNull = (column: string) =>
  sql<string | null>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** Requests with the registrant and the parent named; the caller narrows them (one account, one id, all). */
function requests(db: Db, tenantId: number) {
  return db
    .selectFrom('privacy_requests as q')
    .innerJoin('users as u', (j) =>
      j.onRef('u.tenant_id', '=', 'q.tenant_id').onRef('u.id', '=', 'q.user_id'),
    )
    .leftJoin('users as s', (j) =>
      j.onRef('s.tenant_id', '=', 'q.tenant_id').onRef('s.id', '=', 'q.resolved_by'),
    )
    .leftJoin('registrants as r', (j) =>
      j.onRef('r.tenant_id', '=', 'q.tenant_id').onRef('r.id', '=', 'q.registrant_id'),
    )
    .select([
      'q.id',
      'q.user_id',
      sql<PrivacyRequestKind>`q.kind`.as('kind'),
      sql<'open' | 'done' | 'refused'>`q.status`.as('status'),
      'q.registrant_id',
      'r.name as registrant_name',
      'r.registration_number',
      sql<
        CustomQuestion[] | null
      >`CASE WHEN r.id IS NOT NULL THEN custom_questions_of(r.tenant_id, r.school_id, r.school_period_id) END`.as(
        'custom_questions',
      ),
      'q.question_no',
      'q.requested_value',
      'q.note',
      'q.reason',
      iso('q.created_at').as('created_at'),
      iso('q.due_at').as('due_at'),
      isoOrNull('q.resolved_at').as('resolved_at'),
      'u.name as parent_name',
      's.name as resolved_by_name',
    ])
    .where('q.tenant_id', '=', tenantId);
}
export type RequestRow = Awaited<ReturnType<ReturnType<typeof requests>['executeTakeFirstOrThrow']>>;

export const requestsOf = (db: Db, tenantId: number, userId: number) =>
  requests(db, tenantId).where('q.user_id', '=', userId).orderBy('q.id', 'desc').execute();

/** The queue: open requests first, the one due soonest on top; answered ones after, latest first. */
export const requestQueue = (db: Db, tenantId: number) =>
  requests(db, tenantId)
    .orderBy(sql`q.status = 'open'`, 'desc')
    .orderBy(sql`CASE WHEN q.status = 'open' THEN q.due_at END`, 'asc')
    .orderBy('q.id', 'desc')
    .limit(500)
    .execute();

export const requestById = (db: Db, tenantId: number, id: number) =>
  requests(db, tenantId).where('q.id', '=', id).executeTakeFirst();

/** The request row locked for its answer (two staff answering at once: the second finds it answered). */
export const lockRequest = (db: Db, tenantId: number, id: number) =>
  db
    .selectFrom('privacy_requests')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export interface NewRequestRow {
  userId: number;
  kind: PrivacyRequestKind;
  registrantId?: number;
  questionNo?: number;
  requestedValue?: string;
  note?: string;
}

export async function insertRequest(db: Db, tenantId: number, r: NewRequestRow) {
  const row = await db
    .insertInto('privacy_requests')
    .values({
      tenant_id: tenantId,
      user_id: r.userId,
      kind: r.kind,
      registrant_id: r.registrantId ?? null,
      question_no: r.questionNo ?? null,
      requested_value: r.requestedValue ?? null,
      note: r.note || null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const openDeletionOf = (db: Db, tenantId: number, userId: number) =>
  db
    .selectFrom('privacy_requests')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('kind', '=', 'deletion')
    .where('status', '=', 'open')
    .executeTakeFirst();

export async function closeRequest(
  db: Db,
  tenantId: number,
  id: number,
  status: 'done' | 'refused',
  staffId: number,
  reason: string | null,
) {
  await db
    .updateTable('privacy_requests')
    .set({ status, reason, resolved_by: staffId, resolved_at: sql`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** The parent's own registrant (archived ones are not asked about): its state and its custom questions. */
export const ownRegistrant = (db: Db, tenantId: number, userId: number, registrantId: number) =>
  db
    .selectFrom('registrants')
    .select(['id', 'status'])
    .select(
      sql<CustomQuestion[]>`custom_questions_of(tenant_id, school_id, school_period_id)`.as(
        'custom_questions',
      ),
    )
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('id', '=', registrantId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/**
 * What keeps an account's data from being deleted: a bill of one of its live registrants still owed (published
 * or partly paid and billed to the family), and a child the school accepted (the school's record of its pupil).
 */
export async function keepFacts(db: Db, tenantId: number, userId: number) {
  const { rows } = await sql<{ unpaid: boolean; enrolled: boolean }>`
    SELECT
      EXISTS (SELECT 1 FROM registrant_header_payments h JOIN registrants r
                ON r.tenant_id = h.tenant_id AND r.id = h.registrant_id
              WHERE r.tenant_id = ${tenantId} AND r.user_id = ${userId} AND r.deleted_at IS NULL
                AND h.deleted_at IS NULL AND h.state IN ('published', 'partially_paid')
                AND (NOT h.show_at_graduation OR r.is_accepted IS TRUE)) AS unpaid,
      EXISTS (SELECT 1 FROM registrants r
              WHERE r.tenant_id = ${tenantId} AND r.user_id = ${userId} AND r.deleted_at IS NULL
                AND r.status IN ('accepted', 're_registered')) AS enrolled`.execute(db);
  return rows[0]!;
}
