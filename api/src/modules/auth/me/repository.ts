import type { Db } from '../../../db/kysely';
import { USER_COLUMNS } from '../../../lib/accounts';

export interface ProfileChange {
  name: string;
  email: string | null;
  phone_number: string | null;
  /** A changed e-mail is no longer verified. */
  unverify: boolean;
}

export async function updateProfile(db: Db, tenantId: number, userId: number, p: ProfileChange) {
  await db
    .updateTable('users')
    .set((eb) => ({
      name: p.name,
      email: p.email,
      phone_number: p.phone_number,
      updated_at: eb.fn('now'),
      ...(p.unverify ? { email_verified_at: null } : {}),
    }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .execute();
}

/** The account as the contract's User while the session is still valid (live, token version, not revoked). */
export async function sessionUser(
  db: Db,
  tenantId: number,
  userId: number,
  tokenVersion: number,
  jti: string,
) {
  return db
    .selectFrom('users as u')
    .innerJoin('roles as r', (j) =>
      j.onRef('r.tenant_id', '=', 'u.tenant_id').onRef('r.id', '=', 'u.role_id'),
    )
    .select(USER_COLUMNS)
    .where('u.tenant_id', '=', tenantId)
    .where('u.id', '=', userId)
    .where('u.deleted_at', 'is', null)
    .where('u.token_version', '=', tokenVersion)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('revoked_tokens as t')
            .select('t.jti')
            .where('t.tenant_id', '=', tenantId)
            .where('t.jti', '=', jti),
        ),
      ),
    )
    .executeTakeFirst();
}
