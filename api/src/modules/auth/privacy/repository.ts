import { sql } from 'kysely';
import type { Db } from '../../../db/tenant-db';

export type Purpose = 'processing' | 'promotional' | 'photos';

/** The consent text parents are asked to agree to now: the latest version, if the foundation wrote one. */
export function currentConsentText(db: Db, tenantId: number) {
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
    .limit(1)
    .executeTakeFirst();
}

/** The account's latest answer per purpose (its own, not one given for a registrant). */
export async function latestAnswers(db: Db, tenantId: number, userId: number) {
  const rows = await db
    .selectFrom('consents')
    .distinctOn('purpose')
    .select(['purpose', 'granted', 'version'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .orderBy('purpose')
    .orderBy('id', 'desc')
    .execute();
  return new Map(rows.map((r) => [r.purpose as Purpose, r]));
}

/** The highest text version this account agreed to (for itself or any of its registrants). */
export async function acceptedVersion(db: Db, tenantId: number, userId: number) {
  const row = await db
    .selectFrom('consents')
    .select((eb) => eb.fn.max('version').as('v'))
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('purpose', '=', 'processing')
    .where('granted', '=', true)
    .executeTakeFirst();
  return row?.v ?? null;
}

export interface ConsentRecord {
  userId: number;
  registrantId?: number | null;
  purpose: Purpose;
  version?: number | null;
  granted: boolean;
  ip: string | null;
}

export async function insertConsents(db: Db, tenantId: number, records: ConsentRecord[]) {
  if (records.length === 0) return;
  await db
    .insertInto('consents')
    .values(
      records.map((r) => ({
        tenant_id: tenantId,
        user_id: r.userId,
        registrant_id: r.registrantId ?? null,
        purpose: r.purpose,
        version: r.version ?? null,
        granted: r.granted,
        ip: r.ip,
      })),
    )
    .execute();
}
