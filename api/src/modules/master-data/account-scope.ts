import { sql } from 'kysely';
import type { Db } from '../../db/kysely';
import type { SchoolScope } from '../../db/tenant-db';
import type { ServiceContext } from '../../service-context';

/** Who changes an account or a role: their account, their role and the schools it is limited to. */
export interface Actor {
  id: number;
  roleId: number;
  schools: SchoolScope;
}

/** The signed-in staff caller of a staff route. */
export function actorOf(sc: Pick<ServiceContext, 'auth'>): Actor {
  const { user, schools } = sc.auth!;
  return { id: user.id, roleId: user.role_id, schools };
}

/**
 * Accounts and roles inside a school-limited caller's schools (migration 0230): the database decides, from the
 * schools bound to the connection, so every account route asks the same question.
 */
export const ACCOUNT_SCOPE_MESSAGES = {
  roleOutside:
    'Peran ini tidak dibatasi ke sekolah Anda. Hanya peran tanpa batas sekolah yang dapat memberikannya.',
  ownRole: 'Anda tidak dapat mengganti peran akun Anda sendiri.',
  ownRoleSettings: 'Anda tidak dapat mengubah hak akses atau sekolah peran Anda sendiri.',
  narrowOnly:
    'Peran Anda dibatasi sekolah: sekolah peran lain hanya dapat dipersempit. Memperluas atau membuka ke semua sekolah memerlukan peran tanpa batas sekolah.',
} as const;

const caller = sql<number[] | null>`(SELECT app_school_ids())`;

/** Whether the role is inside the caller's schools (always, for a caller who sees every school). */
export async function roleInScope(db: Db, tenantId: number, roleId: number) {
  const row = await db
    .selectNoFrom(sql<boolean>`role_in_school_scope(${tenantId}::int, ${roleId}::int, ${caller})`.as('ok'))
    .executeTakeFirstOrThrow();
  return row.ok;
}

/** Whether the account is inside the caller's schools (always, for a caller who sees every school). */
export async function accountInScope(db: Db, tenantId: number, userId: number) {
  const row = await db
    .selectNoFrom(sql<boolean>`account_in_school_scope(${tenantId}::int, ${userId}::int, ${caller})`.as('ok'))
    .executeTakeFirstOrThrow();
  return row.ok;
}
