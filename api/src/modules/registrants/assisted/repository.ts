import { sql } from 'kysely';
import type { Db } from '../../../db/kysely';
import { archiveEmptyPlaceholder } from '../../auth';

/**
 * Live accounts holding the e-mail (case-insensitive) or the phone, with their role: at most one per contact
 * (unique indexes), so zero, one or two rows.
 */
export function accountsByContact(db: Db, tenantId: number, email: string | null, phone: string | null) {
  return db
    .selectFrom('users as u')
    .innerJoin('roles as r', (j) =>
      j.onRef('r.tenant_id', '=', 'u.tenant_id').onRef('r.id', '=', 'u.role_id'),
    )
    .select(['u.id', 'u.name', 'u.email', 'u.phone_number', 'r.name as role'])
    .where('u.tenant_id', '=', tenantId)
    .where('u.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        email === null ? sql<boolean>`false` : eb(eb.fn('lower', ['u.email']), '=', email.toLowerCase()),
        phone === null ? sql<boolean>`false` : eb('u.phone_number', '=', phone),
      ]),
    )
    .orderBy('u.id')
    .execute();
}

export interface AssistedRow {
  user_id: number;
  school_id: number;
  school_period_id: number;
  mst_class_id: number;
  school_year_id: number;
  registration_number: string;
  name: string;
  is_internal: boolean;
}

/**
 * A registrant made by staff: no voucher; the child's name is also the form's first answer, so the parent
 * finds it filled in. The class quota's stored count follows.
 */
export async function insertAssisted(
  db: Db,
  tenantId: number,
  r: AssistedRow,
  place: { id: number; usedQuota: number },
) {
  const { id } = await db
    .insertInto('registrants')
    .values({ tenant_id: tenantId, ...r, question_answer: { 1: r.name } })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('class_periods')
    .set((eb) => ({ used_quota: place.usedQuota, updated_at: eb.fn('now') }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', place.id)
    .execute();
  return id;
}

export async function schoolName(db: Db, tenantId: number, schoolId: number) {
  const row = await db
    .selectFrom('schools')
    .select('name')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', schoolId)
    .executeTakeFirstOrThrow();
  return row.name;
}

/** A live registrant (locked) and whether its owner still waits for an account. */
export function lockWithOwner(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('registrants as r')
    .innerJoin('users as u', (j) =>
      j.onRef('u.tenant_id', '=', 'r.tenant_id').onRef('u.id', '=', 'r.user_id'),
    )
    .innerJoin('schools as s', (j) =>
      j.onRef('s.tenant_id', '=', 'r.tenant_id').onRef('s.id', '=', 'r.school_id'),
    )
    .select([
      'r.id',
      'r.registration_number',
      'r.name',
      'r.user_id',
      's.name as school_name',
      'u.account_pending',
    ])
    .where('r.tenant_id', '=', tenantId)
    .where('r.id', '=', id)
    .where('r.deleted_at', 'is', null)
    .forUpdate('r')
    .executeTakeFirst();
}

/** Moves the registrant to another account; the account-less one it leaves is archived when left empty. */
export async function moveToAccount(db: Db, tenantId: number, id: number, from: number, to: number) {
  await db
    .updateTable('registrants')
    .set((eb) => ({ user_id: to, updated_at: eb.fn('now') }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
  await archiveEmptyPlaceholder(db, tenantId, from);
}

/** What the login slip shows: placement names and the owner's sign-in details. */
export function slipRow(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('registrants as r')
    .innerJoin('users as u', (j) =>
      j.onRef('u.tenant_id', '=', 'r.tenant_id').onRef('u.id', '=', 'r.user_id'),
    )
    .innerJoin('schools as s', (j) =>
      j.onRef('s.tenant_id', '=', 'r.tenant_id').onRef('s.id', '=', 'r.school_id'),
    )
    .innerJoin('school_periods as p', (j) =>
      j.onRef('p.tenant_id', '=', 'r.tenant_id').onRef('p.id', '=', 'r.school_period_id'),
    )
    .innerJoin('mst_classes as k', (j) =>
      j.onRef('k.tenant_id', '=', 'r.tenant_id').onRef('k.id', '=', 'r.mst_class_id'),
    )
    .select([
      'r.registration_number',
      'r.name',
      's.name as school_name',
      'p.name as period_name',
      'k.name as class_name',
      'u.name as parent_name',
      'u.email',
      'u.phone_number',
      'u.password_hash',
      'u.must_change_password',
      'u.account_pending',
    ])
    .where('r.tenant_id', '=', tenantId)
    .where('r.id', '=', id)
    .where('r.deleted_at', 'is', null)
    .executeTakeFirst();
}
