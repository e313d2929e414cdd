import { DUPLICATE_COUNT_CAP } from '@psb/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/kysely';
import { joinPlacement, registrantsAsR } from '../../lib/registrant-placement';

/**
 * Other live registrants of the tenant that may be the same child as `r`: the same stored name + birth-date
 * key, or the same parent account. Two index probes (the key's and the parent's) per row; row-level security
 * narrows them to the caller's schools like any other read. Counted up to DUPLICATE_COUNT_CAP: an account
 * holding thousands of registrants (an import, a test) would otherwise make every page of the list count them.
 */
export const possibleDuplicateCount = sql<number>`(SELECT count(*)::int FROM (
    (SELECT d.id FROM registrants d
     WHERE d.tenant_id = r.tenant_id AND d.user_id = r.user_id AND d.deleted_at IS NULL AND d.id <> r.id
     LIMIT ${sql.lit(DUPLICATE_COUNT_CAP)})
    UNION
    (SELECT d.id FROM registrants d
     WHERE d.tenant_id = r.tenant_id AND d.duplicate_key = r.duplicate_key AND d.deleted_at IS NULL
       AND d.id <> r.id
     LIMIT ${sql.lit(DUPLICATE_COUNT_CAP)})
    LIMIT ${sql.lit(DUPLICATE_COUNT_CAP)}
  ) x)`;

/** What the side-by-side comparison shows of a registrant. */
function comparable(db: Db, tenantId: number) {
  return joinPlacement(registrantsAsR(db))
    .innerJoin('users as u', (j) =>
      j.onRef('u.tenant_id', '=', 'r.tenant_id').onRef('u.id', '=', 'r.user_id'),
    )
    .select([
      'r.id',
      'r.registration_number',
      'r.name',
      sql<string | null>`r.question_answer ->> '4'`.as('birth_date'),
      // City of birth when born in Indonesia, else the country.
      sql<string | null>`COALESCE(r.question_answer ->> '79', r.question_answer ->> '3')`.as('birth_place'),
      'u.name as parent_name',
      'u.email as parent_email',
      's.name as school_name',
      'p.name as school_period_name',
      'r.status',
      'r.user_id',
      'r.duplicate_key',
    ])
    .where('r.tenant_id', '=', tenantId);
}

/** A registrant (archived ones too) as the comparison shows it; undefined when not visible. */
export function comparableRegistrant(db: Db, tenantId: number, id: number) {
  return comparable(db, tenantId).where('r.id', '=', id).executeTakeFirst();
}

/** The live registrants sharing the key or the parent of the given one, oldest first. */
export function duplicatesOf(
  db: Db,
  tenantId: number,
  of: { id: number; user_id: number; duplicate_key: string | null },
) {
  return comparable(db, tenantId)
    .where('r.deleted_at', 'is', null)
    .where('r.id', '<>', of.id)
    .where((eb) =>
      eb.or([
        eb('r.user_id', '=', of.user_id),
        ...(of.duplicate_key ? [eb('r.duplicate_key', '=', of.duplicate_key)] : []),
      ]),
    )
    .orderBy('r.created_at')
    .orderBy('r.id')
    .limit(50)
    .execute();
}
