import type { UploadFolder } from '@psb/contracts';
import { sql } from 'kysely';
import type { Db } from '../../../db/kysely';

/** The current version of one document of a registrant, locked for a decision or a replacement. */
export function lockCurrentVersion(db: Db, tenantId: number, registrantId: number, folder: string) {
  return db
    .selectFrom('registrant_document_versions')
    .select(['id', 'version', 'state', 'file_key'])
    .where('tenant_id', '=', tenantId)
    .where('registrant_id', '=', registrantId)
    .where('folder', '=', folder)
    .where('is_current', '=', true)
    .forUpdate()
    .executeTakeFirst();
}
export type CurrentVersion = NonNullable<Awaited<ReturnType<typeof lockCurrentVersion>>>;

export interface VersionFile {
  key: string;
  name: string;
  type: string;
  size: number;
}

/** A version staff never decided on is replaced in place: nobody has seen it, so it is no history. */
export async function replaceWaitingVersion(db: Db, tenantId: number, versionId: number, f: VersionFile) {
  await db
    .updateTable('registrant_document_versions')
    .set((eb) => ({
      file_key: f.key,
      name: f.name,
      type: f.type,
      size: f.size,
      uploaded_at: eb.fn('now'),
    }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', versionId)
    .execute();
}

/** A new current version waiting for verification; the one it follows stays as history. */
export async function addVersion(
  db: Db,
  tenantId: number,
  registrantId: number,
  folder: string,
  previous: CurrentVersion | undefined,
  f: VersionFile,
) {
  if (previous)
    await db
      .updateTable('registrant_document_versions')
      .set({ is_current: false })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', previous.id)
      .execute();
  await db
    .insertInto('registrant_document_versions')
    .values({
      tenant_id: tenantId,
      registrant_id: registrantId,
      folder,
      version: (previous?.version ?? 0) + 1,
      file_key: f.key,
      name: f.name,
      type: f.type,
      size: f.size,
    })
    .execute();
}

export async function decideVersion(
  db: Db,
  tenantId: number,
  versionId: number,
  d: { state: 'accepted' | 'rejected'; reason: string | null; note: string | null; userId: number },
) {
  await db
    .updateTable('registrant_document_versions')
    .set((eb) => ({
      state: d.state,
      reason: d.reason,
      note: d.note,
      decided_by: d.userId,
      decided_at: eb.fn('now'),
    }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', versionId)
    .execute();
}

/** Every version of a registrant's documents, newest first per document, with who decided. */
export function versionsOf(db: Db, tenantId: number, registrantId: number) {
  return db
    .selectFrom('registrant_document_versions as v')
    .leftJoin('users as u', (j) =>
      j.onRef('u.tenant_id', '=', 'v.tenant_id').onRef('u.id', '=', 'v.decided_by'),
    )
    .select([
      'v.folder',
      'v.version',
      'v.is_current',
      'v.name',
      'v.type',
      'v.size',
      'v.uploaded_at',
      'v.state',
      'v.reason',
      'v.note',
      'v.decided_at',
      'u.name as decided_by_name',
    ])
    .where('v.tenant_id', '=', tenantId)
    .where('v.registrant_id', '=', registrantId)
    .orderBy('v.folder')
    .orderBy('v.version', 'desc')
    .execute();
}

/** The registrant the documents belong to, with what the viewer shows beside them; the parent's own only. */
export function registrantForDocuments(db: Db, tenantId: number, id: number, ownerId: number | null) {
  return db
    .selectFrom('registrants as r')
    .leftJoin('schools as s', (j) =>
      j.onRef('s.tenant_id', '=', 'r.tenant_id').onRef('s.id', '=', 'r.school_id'),
    )
    .select([
      'r.id',
      'r.user_id',
      'r.name',
      'r.registration_number',
      'r.status',
      'r.school_id',
      'r.question_answer',
      's.name as school_name',
    ])
    .where('r.tenant_id', '=', tenantId)
    .where('r.id', '=', id)
    .where('r.deleted_at', 'is', null)
    .$if(ownerId !== null, (q) => q.where('r.user_id', '=', ownerId!))
    .executeTakeFirst();
}

/** The documents a school requires. */
export async function requiredFolders(db: Db, tenantId: number, schoolId: number): Promise<UploadFolder[]> {
  const rows = await db
    .selectFrom('document_requirements')
    .select('folder')
    .where('tenant_id', '=', tenantId)
    .where('school_id', '=', schoolId)
    .orderBy('folder')
    .execute();
  return rows.map((r) => r.folder as UploadFolder);
}

export async function setRequiredFolders(
  db: Db,
  tenantId: number,
  schoolId: number,
  folders: string[],
  userId: number,
) {
  await db
    .deleteFrom('document_requirements')
    .where('tenant_id', '=', tenantId)
    .where('school_id', '=', schoolId)
    .$if(folders.length > 0, (q) => q.where('folder', 'not in', folders))
    .execute();
  if (folders.length)
    await db
      .insertInto('document_requirements')
      .values(
        folders.map((folder) => ({ tenant_id: tenantId, school_id: schoolId, folder, created_by: userId })),
      )
      .onConflict((oc) => oc.columns(['tenant_id', 'school_id', 'folder']).doNothing())
      .execute();
}

/** The required documents of a registrant's school whose current version is not accepted. */
export async function requiredNotAccepted(db: Db, tenantId: number, registrantId: number, schoolId: number) {
  const rows = await db
    .selectFrom('document_requirements as q')
    .leftJoin('registrant_document_versions as v', (j) =>
      j
        .onRef('v.tenant_id', '=', 'q.tenant_id')
        .onRef('v.folder', '=', 'q.folder')
        .on('v.registrant_id', '=', registrantId)
        .on('v.is_current', '=', true),
    )
    .select(['q.folder', 'v.state'])
    .where('q.tenant_id', '=', tenantId)
    .where('q.school_id', '=', schoolId)
    .where((eb) => eb.or([eb('v.state', 'is', null), eb('v.state', '<>', 'accepted')]))
    .orderBy('q.folder')
    .execute();
  return rows.map((r) => r.folder as UploadFolder);
}

/** The waiting documents of the caller's schools (row-level security keeps the rest out), oldest first. */
/**
 * The waiting documents of live registrants, in the caller's schools (row-level security) and maybe one
 * school. Deleted registrants are few and named apart, so the queue is one walk of its own index: joined to
 * every registrant instead, the planner cannot tell how many rows the school scope leaves and reads them all.
 */
function waiting(db: Db, tenantId: number, schoolId: number | undefined) {
  return db
    .selectFrom('registrant_document_versions as v')
    .where('v.tenant_id', '=', tenantId)
    .where('v.is_current', '=', true)
    .where('v.state', '=', 'waiting')
    .where('v.registrant_id', 'not in', (eb) =>
      eb
        .selectFrom('registrants')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('deleted_at', 'is not', null),
    )
    .$if(schoolId !== undefined, (q) => q.where('v.school_id', '=', schoolId!));
}

/** The queue's head, oldest first; the registrants' names are read for those rows only. */
export function waitingQueue(db: Db, tenantId: number, schoolId: number | undefined, limit: number) {
  return db
    .with('head', () =>
      waiting(db, tenantId, schoolId)
        .select(['v.id', 'v.registrant_id', 'v.school_id', 'v.folder', 'v.version', 'v.uploaded_at'])
        .orderBy('v.uploaded_at')
        .orderBy('v.id')
        .limit(limit),
    )
    .selectFrom('head as h')
    .innerJoin('registrants as r', (j) =>
      j.on('r.tenant_id', '=', tenantId).onRef('r.id', '=', 'h.registrant_id'),
    )
    .leftJoin('schools as s', (j) => j.on('s.tenant_id', '=', tenantId).onRef('s.id', '=', 'h.school_id'))
    .select([
      'h.registrant_id',
      'h.folder',
      'h.version',
      'h.uploaded_at',
      'r.name',
      'r.registration_number',
      's.name as school_name',
    ])
    .orderBy('h.uploaded_at')
    .orderBy('h.id')
    .execute();
}

/**
 * How many wait, counted up to `upTo`: each row counted passes the school scope row by row, so a queue of
 * tens of thousands would cost the next document its budget; past `upTo` the screen says "more than".
 */
export async function waitingCount(db: Db, tenantId: number, schoolId: number | undefined, upTo: number) {
  const row = await db
    .selectFrom(waiting(db, tenantId, schoolId).select('v.id').limit(upTo).as('w'))
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

export function tenantReasons(db: Db, tenantId: number) {
  return db
    .selectFrom('document_reject_reasons')
    .select(['id', 'label'])
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null)
    .orderBy('label')
    .execute();
}

export function addReason(db: Db, tenantId: number, label: string) {
  return db
    .insertInto('document_reject_reasons')
    .values({ tenant_id: tenantId, label })
    .onConflict((oc) =>
      oc.expression(sql`tenant_id, lower(label)`).where('deleted_at', 'is', null).doNothing(),
    )
    .returning(['id', 'label'])
    .executeTakeFirst();
}

export async function removeReason(db: Db, tenantId: number, id: number) {
  const r = await db
    .updateTable('document_reject_reasons')
    .set((eb) => ({ deleted_at: eb.fn('now') }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
