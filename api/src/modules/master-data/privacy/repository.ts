import { sql } from 'kysely';
import type { Db } from '../../../db/tenant-db';

/** Every version of the consent text, newest first, with who wrote it. */
export function listConsentTexts(db: Db, tenantId: number) {
  return db
    .selectFrom('consent_texts as t')
    .leftJoin('users as u', (j) =>
      j.onRef('u.tenant_id', '=', 't.tenant_id').onRef('u.id', '=', 't.created_by'),
    )
    .select([
      't.version',
      't.body',
      sql<string>`to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('created_at'),
      'u.name as created_by_name',
    ])
    .where('t.tenant_id', '=', tenantId)
    .orderBy('t.version', 'desc')
    .execute();
}

/**
 * A new version after the latest. Two staff saving at once: the second insert meets the unique version and
 * fails, and the caller's transaction takes the tenant's advisory lock first so that cannot happen.
 */
export async function insertConsentText(db: Db, tenantId: number, body: string, createdBy: number) {
  await sql`SELECT pg_advisory_xact_lock(hashtext('consent_texts'), ${tenantId})`.execute(db);
  const row = await db
    .insertInto('consent_texts')
    .columns(['tenant_id', 'version', 'body', 'created_by'])
    .expression((eb) =>
      eb
        .selectFrom('consent_texts')
        .select([
          eb.val(tenantId).as('tenant_id'),
          sql<number>`coalesce(max(version), 0) + 1`.as('version'),
          eb.val(body).as('body'),
          eb.val(createdBy).as('created_by'),
        ])
        .where('tenant_id', '=', tenantId),
    )
    .returning('version')
    .executeTakeFirstOrThrow();
  return row.version;
}
