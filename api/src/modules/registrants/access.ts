import type { CustomQuestion } from '@psb/contracts';
import { sql } from 'kysely';
import type { TenantConn } from '../../db/tenant-db';
import { notFound } from '../../lib/http-error';
import { staffMay } from '../../lib/staff-may';
import type { AuthContext } from '../../types';

/**
 * Who may reach a registrant, shared by the registrants and uploads modules: its parent, or staff with read on
 * Calon Murid (superadmin always).
 */
export function staffMayRead(auth: AuthContext): boolean {
  return staffMay(auth, 'Calon Murid', 'read');
}

/** The owner's live registrant locked for update (complete, submit, upload); 404 when it is not theirs. */
export async function lockOwn(c: TenantConn, userId: number, id: number) {
  const row = await c.db
    .selectFrom('registrants')
    .select(['id', 'locked', 'is_submit', 'question_answer', 'documents'])
    .select(
      sql<CustomQuestion[]>`custom_questions_of(tenant_id, school_id, school_period_id)`.as(
        'custom_questions',
      ),
    )
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}
