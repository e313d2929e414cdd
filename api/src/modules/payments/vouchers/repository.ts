import type { VoucherMethod } from '@psb/contracts';
import type { Db } from '../../../db/kysely';
import { loginColumns } from '../../../lib/accounts';
import { insertParent } from '../../auth';

/** Whether the school year exists and (when given) the school exists, both live. */
export async function yearAndSchoolExist(
  db: Db,
  tenantId: number,
  schoolYearId: number,
  schoolId: number | null,
) {
  return db
    .selectNoFrom(({ exists, selectFrom, lit }) => [
      exists(
        selectFrom('school_years')
          .select('id')
          .where('tenant_id', '=', tenantId)
          .where('id', '=', schoolYearId)
          .where('deleted_at', 'is', null),
      )
        .$castTo<boolean>()
        .as('year'),
      (schoolId === null
        ? lit(true)
        : exists(
            selectFrom('schools')
              .select('id')
              .where('tenant_id', '=', tenantId)
              .where('id', '=', schoolId)
              .where('deleted_at', 'is', null),
          )
      )
        .$castTo<boolean>()
        .as('school'),
    ])
    .executeTakeFirstOrThrow();
}

export interface NewVouchers {
  codes: string[];
  method: VoucherMethod;
  school_year_id: number;
  school_id: number | null;
  note: string | null;
  created_by: number | null;
}

/** Inserts the codes; a code that already exists is skipped. Ids of the inserted vouchers. */
export async function insertVouchers(db: Db, tenantId: number, v: NewVouchers) {
  const rows = await db
    .insertInto('mst_tokens')
    .values(
      v.codes.map((token) => ({
        tenant_id: tenantId,
        token,
        method: v.method,
        school_year_id: v.school_year_id,
        school_id: v.school_id,
        note: v.note,
        created_by: v.created_by,
      })),
    )
    .onConflict((oc) => oc.columns(['tenant_id', 'token']).doNothing())
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

const unused = (db: Db, tenantId: number, schoolYearId: number, ownerUserId: number | null) => {
  const q = db
    .selectFrom('mst_tokens as t')
    .where('t.tenant_id', '=', tenantId)
    .where('t.school_year_id', '=', schoolYearId)
    .where('t.used_at', 'is', null)
    .where('t.deleted_at', 'is', null);
  return ownerUserId === null ? q : q.where('t.owner_user_id', '=', ownerUserId);
};

/**
 * Unused live vouchers of a school year (of one account when `ownerUserId` is given): how many, and the first
 * `limit` with their school's name.
 */
export async function unusedVouchers(
  db: Db,
  tenantId: number,
  schoolYearId: number,
  limit: number,
  ownerUserId: number | null = null,
) {
  const [count, data] = await Promise.all([
    unused(db, tenantId, schoolYearId, ownerUserId)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    unused(db, tenantId, schoolYearId, ownerUserId)
      .leftJoin('schools as s', (j) =>
        j.onRef('s.tenant_id', '=', 't.tenant_id').onRef('s.id', '=', 't.school_id'),
      )
      .select(['t.id', 't.token', 't.method', 't.school_id', 's.name as school_name'])
      .orderBy('t.id')
      .limit(limit)
      .execute(),
  ]);
  return { count: count.n, data };
}

/** A live voucher by code with the registrant it created (if any), locked until the transaction ends. */
export function lockVoucherWithRegistrant(db: Db, tenantId: number, code: string) {
  return db
    .selectFrom('mst_tokens as t')
    .leftJoin('registrants as r', (j) =>
      j.onRef('r.tenant_id', '=', 't.tenant_id').onRef('r.id', '=', 't.registrant_id'),
    )
    .select((eb) => [
      't.id',
      't.used_at',
      't.registrant_id',
      'r.name as reg_name',
      'r.registration_number as reg_number',
      eb('r.deleted_at', 'is', null).$castTo<boolean>().as('reg_live'),
    ])
    .where('t.tenant_id', '=', tenantId)
    .where('t.token', '=', code)
    .where('t.deleted_at', 'is', null)
    .forUpdate('t')
    .executeTakeFirst();
}

/** The account a voucher belongs to (the one that signed up with it, or redeemed it), with what login needs. */
export function voucherAccount(db: Db, tenantId: number, code: string) {
  return db
    .selectFrom('mst_tokens as k')
    .innerJoin('users as u', (j) =>
      j
        .onRef('u.tenant_id', '=', 'k.tenant_id')
        .on((eb) => eb('u.id', '=', eb.fn.coalesce('k.owner_user_id', 'k.used_by_user_id'))),
    )
    .innerJoin('roles as r', (j) =>
      j.onRef('r.tenant_id', '=', 'u.tenant_id').onRef('r.id', '=', 'u.role_id'),
    )
    .select((eb) => loginColumns(eb))
    .where('k.tenant_id', '=', tenantId)
    .where('k.token', '=', code)
    .where('k.deleted_at', 'is', null)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** A live voucher by code, locked until the transaction ends (signing up with it). */
export function lockVoucher(db: Db, tenantId: number, code: string) {
  return db
    .selectFrom('mst_tokens')
    .select(['id', 'used_at', 'owner_user_id'])
    .where('tenant_id', '=', tenantId)
    .where('token', '=', code)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

export interface VoucherAccountInput {
  name: string;
  email: string | null;
  phone_number: string | null;
  password_hash: string;
}

/** A parent account (role `user`) created from a voucher, which it then holds; undefined without that role. */
export async function createVoucherAccount(
  db: Db,
  tenantId: number,
  voucherId: number,
  a: VoucherAccountInput,
) {
  const userId = await insertParent(db, tenantId, {
    name: a.name,
    email: a.email,
    phone: a.phone_number,
    passwordHash: a.password_hash,
    voucherAccount: true,
  });
  if (userId === undefined) return undefined;
  await db
    .updateTable('mst_tokens')
    .set((eb) => ({ owner_user_id: userId, updated_at: eb.fn('now') }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', voucherId)
    .execute();
  return userId;
}
