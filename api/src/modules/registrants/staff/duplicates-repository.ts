import { DUPLICATE_COUNT_CAP, NIK_QUESTION } from '@psb/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../../db/kysely';
import { joinPlacement, registrantsAsR } from '../placement';

/**
 * Whether two registrants of one parent account may still be the same child: unless both keys are known and
 * the name and the birth date both differ (siblings), e.g. the same name typed again with another birth date,
 * or a form not filled in far enough to tell. The key is `<name key>|<birth date>` and a name key holds no `|`.
 */
const sameParentMayMatch = (a: RawBuilder<string | null>, b: RawBuilder<string | null>) =>
  sql<boolean>`(split_part(${a}, '|', 1) <> split_part(${b}, '|', 1)
    AND split_part(${a}, '|', 2) <> split_part(${b}, '|', 2)) IS NOT TRUE`;

/**
 * Other live registrants of the tenant that may be the same child as `r`: the same stored name + birth-date
 * key, or the same parent account when not told apart by both name and birth date (`sameParentMayMatch`) —
 * read from the running counts of 0190 (`registrant_duplicate_counts`, live registrants per parent, key and
 * school) rather than probing the registrants twice for each row of a page. Those sharing the parent but not
 * the key (and not siblings), plus those sharing the key, minus `r` itself when live (it is in exactly one of
 * the two). Row-level security narrows the counts to the caller's schools, as it does the registrants. Shown
 * up to DUPLICATE_COUNT_CAP.
 */
export const possibleDuplicateCount = sql<number>`LEAST(${sql.lit(DUPLICATE_COUNT_CAP)},
    (SELECT COALESCE(sum(c.registrants) FILTER (WHERE c.duplicate_key = r.duplicate_key IS NOT TRUE
        AND ${sameParentMayMatch(sql.ref('c.duplicate_key'), sql.ref('r.duplicate_key'))}), 0)
     FROM registrant_duplicate_counts c WHERE c.tenant_id = r.tenant_id AND c.user_id = r.user_id)
    + CASE WHEN r.duplicate_key IS NULL THEN 0 ELSE (SELECT COALESCE(sum(c.registrants), 0)
      FROM registrant_duplicate_counts c WHERE c.tenant_id = r.tenant_id AND c.duplicate_key = r.duplicate_key) END
    - CASE WHEN r.deleted_at IS NULL THEN 1 ELSE 0 END)::int`;

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
      sql<string | null>`r.question_answer ->> '5'`.as('sex'),
      sql<string | null>`NULLIF(r.question_answer ->> '${sql.raw(String(NIK_QUESTION))}', '')`.as('nik'),
    ])
    .where('r.tenant_id', '=', tenantId);
}

/** A registrant (archived ones too) as the comparison shows it; undefined when not visible. */
export function comparableRegistrant(db: Db, tenantId: number, id: number) {
  return comparable(db, tenantId).where('r.id', '=', id).executeTakeFirst();
}

/** A registrant's NIK answer, as its expression index (0361) keys it. */
const nikOf = sql<string | null>`(r.question_answer ->> '${sql.raw(String(NIK_QUESTION))}')`;

/**
 * The live registrants sharing the key, the parent (siblings apart) or the NIK (16 digits) of the given one,
 * across every school of the foundation the caller may see, oldest first.
 */
export function duplicatesOf(
  db: Db,
  tenantId: number,
  of: { id: number; user_id: number; duplicate_key: string | null; nik: string | null },
) {
  const nik = of.nik && /^\d{16}$/.test(of.nik) ? of.nik : null;
  return comparable(db, tenantId)
    .where('r.deleted_at', 'is', null)
    .where('r.id', '<>', of.id)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('r.user_id', '=', of.user_id),
          sameParentMayMatch(sql.ref('r.duplicate_key'), sql.val(of.duplicate_key)),
        ]),
        ...(of.duplicate_key ? [eb('r.duplicate_key', '=', of.duplicate_key)] : []),
        ...(nik ? [eb(nikOf, '=', nik)] : []),
      ]),
    )
    .orderBy('r.created_at')
    .orderBy('r.id')
    .limit(50)
    .execute();
}
