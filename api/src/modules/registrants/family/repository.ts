import type { Answers } from '@psb/contracts';
import { sql } from 'kysely';
import type { Db } from '../../../db/kysely';
import { joinPlacement, registrantsAsR } from '../placement';

/** A form the parent has sent is settled: a draft may still be half typed, a withdrawn one may be wrong. */
const SETTLED = [
  'submitted',
  'verified',
  'scheduled',
  'tested',
  'accepted',
  'reserve',
  're_registered',
] as const;

/** The other live children of the same parent account, with where they are placed (newest first). */
function otherChildren(db: Db, tenantId: number, userId: number, exceptId: number) {
  return joinPlacement(registrantsAsR(db))
    .where('r.tenant_id', '=', tenantId)
    .where('r.user_id', '=', userId)
    .where('r.id', '<>', exceptId)
    .where('r.deleted_at', 'is', null);
}

/** The family's latest settled form: the answers a new child of the account starts from. */
export function settledFormOf(db: Db, tenantId: number, userId: number, exceptId: number) {
  return otherChildren(db, tenantId, userId, exceptId)
    .select(['r.id', 'r.question_answer'])
    .where('r.status', 'in', SETTLED)
    .orderBy('r.submitted_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The family's other children by name, school, class and year (for the sibling tables of the form). */
export function namedChildrenOf(db: Db, tenantId: number, userId: number, exceptId: number) {
  return otherChildren(db, tenantId, userId, exceptId)
    .select(['r.name', 's.name as school', 'k.name as class', 'r.school_year_id'])
    .where('r.name', 'is not', null)
    .orderBy('r.id')
    .execute();
}

/** A new registrant's first answers: the family's, kept as copied until the parent confirms them. */
export async function startFromFamily(
  db: Db,
  tenantId: number,
  id: number,
  sourceId: number,
  answers: Answers,
) {
  await db
    .updateTable('registrants')
    .set({ question_answer: answers, family_copied: answers, family_source_id: sourceId })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/**
 * The parent confirms copied answers: they leave `family_copied`. Only the owner's live, unlocked registrant;
 * undefined when nothing matched.
 */
export function confirmCopied(db: Db, tenantId: number, userId: number, id: number, nos: readonly number[]) {
  return db
    .updateTable('registrants')
    .set({
      family_copied: sql`family_copied - ${sql.val(nos.map(String))}::text[]`,
      updated_at: sql`now()`,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('locked', '=', false)
    .returning(['id'])
    .executeTakeFirst();
}

/**
 * The siblings of a registrant in the foundation: the other live children of its parent account, in every
 * school the caller may see (row-level security keeps a school-bound role to its schools).
 */
export function siblingsOf(db: Db, tenantId: number, id: number) {
  return joinPlacement(registrantsAsR(db))
    .innerJoin('registrants as me', (j) =>
      j.onRef('me.tenant_id', '=', 'r.tenant_id').onRef('me.user_id', '=', 'r.user_id'),
    )
    .select([
      'r.id',
      'r.registration_number',
      'r.name',
      's.name as school_name',
      'k.name as mst_class_name',
      'y.name as school_year_name',
      'r.status',
    ])
    .where('me.tenant_id', '=', tenantId)
    .where('me.id', '=', id)
    .where('me.deleted_at', 'is', null)
    .where('r.id', '<>', id)
    .where('r.deleted_at', 'is', null)
    .orderBy('r.id')
    .execute();
}

/** Whether the registrant is live and visible to the caller. */
export async function isVisible(db: Db, tenantId: number, id: number) {
  const row = await db
    .selectFrom('registrants')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}
