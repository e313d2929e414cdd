import { sql } from 'kysely';
import type { Db } from '../../../db/kysely';

/** Stores (or replaces) one document entry of a registrant under `folder`. */
export async function setDocument(db: Db, tenantId: number, id: number, folder: string, doc: object) {
  await db
    .updateTable('registrants')
    .set((eb) => ({
      documents: sql`documents || jsonb_build_object(${folder}::text, ${JSON.stringify(doc)}::jsonb)`,
      updated_at: eb.fn('now'),
    }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** The documents of a live registrant (the user's own unless `anyUser`). */
export function documentsOf(db: Db, tenantId: number, id: number, userId: number, anyUser: boolean) {
  return db
    .selectFrom('registrants')
    .select('documents')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .$if(!anyUser, (q) => q.where('user_id', '=', userId))
    .executeTakeFirst();
}
