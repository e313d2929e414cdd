import {
  type Answers,
  familyAnswers,
  REGISTRANT_MSG,
  type RegistrantFamily,
  registrantStatusLabel,
  type Sibling,
  unconfirmedFamilyNos,
} from '@psb/contracts';
import type { TenantConn } from '../../../db/tenant-db';
import { HttpError, notFound } from '../../../lib/http-error';
import { isLocked } from '../parent/repository';
import {
  confirmCopied,
  isVisible,
  namedChildrenOf,
  settledFormOf,
  siblingsOf,
  startFromFamily,
} from './repository';

/**
 * A new child of a family (inside the creating transaction): its form starts from the family's latest
 * settled form — parents, address, siblings — each copied answer marked until the parent confirms it.
 * Nothing is written when the family has no settled form yet.
 */
export async function startNewChild(
  c: TenantConn,
  r: { id: number; userId: number; schoolYearId: number },
): Promise<void> {
  const source = await settledFormOf(c.db, c.tenantId, r.userId, r.id);
  if (!source) return;
  const children = await namedChildrenOf(c.db, c.tenantId, r.userId, r.id);
  const answers = familyAnswers(
    source.question_answer,
    children.map((k) => ({
      name: k.name!,
      school: k.school,
      class: k.class,
      sameYear: k.school_year_id === r.schoolYearId,
    })),
  );
  await startFromFamily(c.db, c.tenantId, r.id, source.id, answers);
}

/** What a registrant's form shows of the family copy (undefined when nothing was copied). */
export function familyOf(row: {
  question_answer: Answers | null;
  family_copied: Answers;
  family_source: RegistrantFamily['source'];
}): RegistrantFamily | undefined {
  if (!row.family_source && Object.keys(row.family_copied).length === 0) return undefined;
  return {
    source: row.family_source,
    copied: row.family_copied,
    unconfirmed: unconfirmedFamilyNos(row.question_answer ?? {}, row.family_copied),
  };
}

/** The parent confirms copied answers of their own unlocked registrant: 404 when not theirs, 409 when locked. */
export async function confirmFamilyAnswers(
  c: TenantConn,
  userId: number,
  id: number,
  nos: readonly number[],
): Promise<void> {
  if (await confirmCopied(c.db, c.tenantId, userId, id, nos)) return;
  if (await isLocked(c.db, c.tenantId, userId, id)) throw new HttpError(409, REGISTRANT_MSG.locked);
  throw notFound();
}

/** Staff: the registrant's siblings in the foundation (404 when the registrant is not theirs to see). */
export async function siblingsFor(c: TenantConn, id: number): Promise<Sibling[]> {
  if (!(await isVisible(c.db, c.tenantId, id))) throw notFound();
  const rows = await siblingsOf(c.db, c.tenantId, id);
  return rows.map((r) => ({ ...r, status_label: registrantStatusLabel(r) }));
}
