import {
  answerSummary,
  DEFAULT_REJECT_REASONS,
  DOCUMENT_MSG,
  type DocumentState,
  documentLabel,
  type RegistrantDocuments,
  type RejectDocumentRequest,
  UPLOAD_FOLDERS,
  type UploadFolder,
} from '@psb/contracts';
import type { TenantConn } from '../../../db/tenant-db';
import { writeAudit } from '../../../lib/audit';
import { HttpError, notFound } from '../../../lib/http-error';
import type { ServiceContext } from '../../../service-context';
import { writeOutbox } from '../../content';
import {
  addReason,
  decideVersion,
  lockCurrentVersion,
  registrantForDocuments,
  removeReason,
  requiredFolders,
  requiredNotAccepted,
  setRequiredFolders,
  tenantReasons,
  versionsOf,
  waitingCount,
  waitingQueue,
} from './versions-repository';

/** How many identity answers the viewer shows beside a document. */
const FACTS_SHOWN = 12;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * A registrant's documents (staff: within their schools; a parent: their own, `ownerId`): every kind, whether
 * the school requires it, its state and every version, newest first.
 */
export async function registrantDocuments(
  c: TenantConn,
  id: number,
  ownerId: number | null,
): Promise<RegistrantDocuments> {
  const r = await registrantForDocuments(c.db, c.tenantId, id, ownerId);
  if (!r) throw notFound();
  const [required, versions] = await Promise.all([
    requiredFolders(c.db, c.tenantId, r.school_id),
    versionsOf(c.db, c.tenantId, id),
  ]);
  const identity = answerSummary(r.question_answer)[0]?.items ?? [];
  return {
    registrant: {
      id: r.id,
      name: r.name,
      registration_number: r.registration_number,
      status: r.status,
      school_name: r.school_name,
      facts: identity.slice(0, FACTS_SHOWN).map((i) => ({ label: i.q.label, text: i.text })),
    },
    documents: UPLOAD_FOLDERS.map((folder) => {
      const own = versions.filter((v) => v.folder === folder);
      const current = own.find((v) => v.is_current);
      return {
        folder,
        label: documentLabel(folder),
        required: required.includes(folder),
        state: (current?.state ?? 'missing') as DocumentState,
        reason: current?.reason ?? null,
        note: current?.note ?? null,
        versions: own.map((v) => ({
          version: v.version,
          name: v.name,
          type: v.type,
          size: v.size,
          uploaded_at: iso(v.uploaded_at)!,
          state: v.state as 'waiting' | 'accepted' | 'rejected',
          reason: v.reason,
          note: v.note,
          decided_at: iso(v.decided_at),
          decided_by_name: v.decided_by_name,
        })),
      };
    }),
  };
}

/**
 * Staff accept or reject the current version of one document; only a waiting one can be decided (409
 * otherwise). A rejection reaches the parent at once: the message is written to the outbox in the same
 * transaction (the bell shows it, and it goes out by WhatsApp or e-mail). Returns whether a message waits.
 */
export async function decideDocument(
  sc: ServiceContext,
  id: number,
  folder: UploadFolder,
  decision: { state: 'accepted' } | ({ state: 'rejected' } & RejectDocumentRequest),
): Promise<boolean> {
  const auth = sc.auth!;
  return sc.tx(async (c) => {
    const r = await registrantForDocuments(c.db, c.tenantId, id, null);
    if (!r) throw notFound();
    const current = await lockCurrentVersion(c.db, c.tenantId, id, folder);
    if (!current) throw new HttpError(404, DOCUMENT_MSG.notUploaded);
    if (current.state !== 'waiting') throw new HttpError(409, DOCUMENT_MSG.notWaiting);
    const reason = decision.state === 'rejected' ? decision.reason : null;
    const note = decision.state === 'rejected' ? decision.note?.trim() || null : null;
    await decideVersion(c.db, c.tenantId, current.id, {
      state: decision.state,
      reason,
      note,
      userId: auth.user.id,
    });
    await writeAudit(c, {
      userId: auth.user.id,
      action: decision.state === 'accepted' ? 'accept_document' : 'reject_document',
      resource: 'registrant_document_versions',
      recordId: id,
      before: { folder, version: current.version, state: current.state },
      after: { folder, version: current.version, state: decision.state, reason, note },
    });
    if (decision.state === 'accepted') return false;
    const label = documentLabel(folder);
    return writeOutbox(c, {
      userId: r.user_id,
      schoolId: r.school_id,
      template: 'document_rejected',
      data: { registrant_id: id, folder, reason, note },
      subject: `${label} ${r.name ?? ''} perlu diganti`.replace(/\s+/g, ' '),
      body:
        `${label} calon murid ${r.name ?? ''} (${r.registration_number}) belum dapat kami terima: ${reason}` +
        `${note ? ` (${note})` : ''}. Silakan unggah ulang dari halaman pendaftaran di aplikasi PSB.`,
      dedupKey: `document-rejected:${id}:${folder}:${current.version}`,
    });
  });
}

/** The queue is counted exactly up to this many; beyond, the answer says there are more. */
export const QUEUE_COUNTED_UP_TO = 1000;

/** The waiting documents of the caller's schools, oldest first, and how many wait in all. */
export async function documentQueue(c: TenantConn, schoolId: number | undefined, limit: number) {
  const rows = await waitingQueue(c.db, c.tenantId, schoolId, limit);
  const counted = await waitingCount(c.db, c.tenantId, schoolId, QUEUE_COUNTED_UP_TO + 1);
  return {
    total: Math.min(counted, QUEUE_COUNTED_UP_TO),
    more: counted > QUEUE_COUNTED_UP_TO,
    data: rows.map((r) => ({
      registrant_id: r.registrant_id,
      folder: r.folder as UploadFolder,
      label: documentLabel(r.folder),
      name: r.name,
      registration_number: r.registration_number,
      school_name: r.school_name,
      uploaded_at: iso(r.uploaded_at)!,
      version: r.version,
    })),
  };
}

/**
 * Verifying a registrant waits for every required document to be accepted. Returns the labels of those that
 * are not; with none missing, or with staff overriding (a reason given), the move goes on.
 */
export async function documentsBlockingVerify(
  c: TenantConn,
  registrantId: number,
  schoolId: number,
  overrideReason: string | null,
): Promise<string[]> {
  const missing = await requiredNotAccepted(c.db, c.tenantId, registrantId, schoolId);
  const labels = missing.map(documentLabel);
  if (labels.length && !overrideReason)
    throw new HttpError(409, DOCUMENT_MSG.missingDocuments(labels), { documents: labels.join(', ') });
  return labels;
}

/** A school the caller may reach (its role's schools), else 404 like any row it cannot see. */
function checkSchool(sc: ServiceContext, schoolId: number) {
  const schools = sc.auth?.schools ?? null;
  if (schools !== null && !schools.includes(schoolId)) throw notFound();
}

export async function schoolRequirements(sc: ServiceContext, schoolId: number) {
  checkSchool(sc, schoolId);
  const folders = await sc.db((c) => requiredFolders(c.db, c.tenantId, schoolId));
  return { school_id: schoolId, folders };
}

export async function saveSchoolRequirements(sc: ServiceContext, schoolId: number, folders: UploadFolder[]) {
  checkSchool(sc, schoolId);
  const unique = [...new Set(folders)];
  await sc.tx(async (c) => {
    const school = await c.db
      .selectFrom('schools')
      .select('id')
      .where('tenant_id', '=', c.tenantId)
      .where('id', '=', schoolId)
      .executeTakeFirst();
    if (!school) throw notFound();
    await setRequiredFolders(c.db, c.tenantId, schoolId, unique, sc.auth!.user.id);
    await writeAudit(c, {
      userId: sc.auth!.user.id,
      action: 'update',
      resource: 'document_requirements',
      recordId: schoolId,
      before: null,
      after: { folders: unique.join(',') },
    });
  });
  return { school_id: schoolId, folders: unique.sort() };
}

/** The reasons a rejection is chosen from: the defaults, then the tenant's own. */
export async function rejectReasons(c: TenantConn) {
  const own = await tenantReasons(c.db, c.tenantId);
  return [...DEFAULT_REJECT_REASONS.map((label) => ({ id: null, label })), ...own];
}

export async function addRejectReason(c: TenantConn, label: string) {
  if (DEFAULT_REJECT_REASONS.some((d) => d.toLowerCase() === label.toLowerCase()))
    throw new HttpError(409, DOCUMENT_MSG.reasonExists);
  const row = await addReason(c.db, c.tenantId, label);
  if (!row) throw new HttpError(409, DOCUMENT_MSG.reasonExists);
  return row;
}

export async function removeRejectReason(c: TenantConn, id: number) {
  if (!(await removeReason(c.db, c.tenantId, id))) throw notFound();
}
