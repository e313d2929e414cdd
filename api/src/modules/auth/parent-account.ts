import type { Db } from '../../db/kysely';

/**
 * A parent account (role "user"); undefined when the tenant has no such role. `mustChangePassword` marks a
 * password someone else chose (staff), which the parent replaces on first sign-in.
 */
export async function insertParent(
  db: Db,
  tenantId: number,
  p: {
    name: string;
    email: string | null;
    phone: string | null;
    passwordHash: string;
    mustChangePassword?: boolean;
    /** No contact yet: staff registered the child without an account (see 0110). */
    accountPending?: boolean;
    /** Made from a voucher, which it then holds. */
    voucherAccount?: boolean;
  },
) {
  const row = await db
    .insertInto('users')
    .columns([
      'tenant_id',
      'name',
      'email',
      'phone_number',
      'password_hash',
      'must_change_password',
      'account_pending',
      'voucher_account',
      'role_id',
    ])
    .expression((eb) =>
      eb
        .selectFrom('roles as r')
        .select([
          eb.val(tenantId).as('tenant_id'),
          eb.val(p.name).as('name'),
          eb.val(p.email).as('email'),
          eb.val(p.phone).as('phone_number'),
          eb.val(p.passwordHash).as('password_hash'),
          eb.val(p.mustChangePassword ?? false).as('must_change_password'),
          eb.val(p.accountPending ?? false).as('account_pending'),
          eb.val(p.voucherAccount ?? false).as('voucher_account'),
          'r.id',
        ])
        .where('r.tenant_id', '=', tenantId)
        .where('r.name', '=', 'user'),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}
