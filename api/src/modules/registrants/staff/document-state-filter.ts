import type { DocumentStateFilter } from '@psb/contracts';
import { sql } from 'kysely';

/** A current version of one of the registrant's documents in `state`. */
const current = (extra: string) => sql`EXISTS (
  SELECT 1 FROM registrant_document_versions v
  WHERE v.tenant_id = r.tenant_id AND v.registrant_id = r.id AND v.is_current${sql.raw(extra)})`;

/** A document the registrant's school requires for which `lacking` holds. */
const requiredLacking = (lacking: string) => sql`EXISTS (
  SELECT 1 FROM document_requirements q
  WHERE q.tenant_id = r.tenant_id AND q.school_id = r.school_id AND NOT EXISTS (
    SELECT 1 FROM registrant_document_versions v
    WHERE v.tenant_id = r.tenant_id AND v.registrant_id = r.id AND v.folder = q.folder AND v.is_current${sql.raw(lacking)}))`;

/**
 * The document filter of the staff list, for a registrant under the alias `r`: a required document not
 * uploaded, a document waiting for verification, a document rejected, every required document accepted.
 */
export function documentStateCondition(state: DocumentStateFilter) {
  if (state === 'missing') return sql<boolean>`${requiredLacking('')}`;
  if (state === 'waiting') return sql<boolean>`${current(` AND v.state = 'waiting'`)}`;
  if (state === 'rejected') return sql<boolean>`${current(` AND v.state = 'rejected'`)}`;
  return sql<boolean>`NOT ${requiredLacking(` AND v.state = 'accepted'`)}`;
}
