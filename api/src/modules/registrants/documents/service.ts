import { REGISTRANT_MSG } from '@psb/contracts';
import type { StorageAdapter } from '../../../integrations/storage';
import { HttpError, notFound } from '../../../lib/http-error';
import type { ServiceContext } from '../../../service-context';
import { lockOwn, staffMayRead } from '../access';
import { documentsOf, setDocument } from './repository';
import { addVersion, lockCurrentVersion, replaceWaitingVersion } from './versions-repository';

/**
 * Stores the file and records it under `folder` of the caller's own registrant (ownership and the lock are
 * checked before anything is stored) as the document's version waiting for verification. A locked form takes
 * only the replacement of a rejected document. Returns the storage key of a file no longer needed: the
 * replaced version when staff never decided on it; a decided version stays, with its file, as history.
 */
export function replaceDocument(
  sc: ServiceContext,
  storage: StorageAdapter,
  id: number,
  folder: string,
  file: {
    key: string;
    body: Buffer;
    type: string;
    doc: { name: string; size: number; [field: string]: unknown };
  },
): Promise<string | undefined> {
  return sc.tx(async (c) => {
    const r = await lockOwn(c, sc.auth!.user.id, id);
    const current = await lockCurrentVersion(c.db, c.tenantId, id, folder);
    if (r.locked && current?.state !== 'rejected') throw new HttpError(409, REGISTRANT_MSG.locked);
    await storage.put(file.key, file.body, file.type);
    await setDocument(c.db, c.tenantId, id, folder, file.doc);
    const version = { key: file.key, name: file.doc.name, type: file.type, size: file.doc.size };
    if (current?.state === 'waiting') {
      await replaceWaitingVersion(c.db, c.tenantId, current.id, version);
      return current.file_key;
    }
    await addVersion(c.db, c.tenantId, id, folder, current, version);
    return current ? undefined : r.documents[folder]?.key;
  });
}

/** A registrant's document under `folder` for its parent or staff with Calon Murid read; 404 otherwise. */
export async function findDocument(sc: ServiceContext, id: number, folder: string) {
  const auth = sc.auth!;
  const row = await sc.db((c) => documentsOf(c.db, c.tenantId, id, auth.user.id, staffMayRead(auth)));
  if (!row) throw notFound();
  const doc = row.documents[folder];
  if (!doc?.key) throw new HttpError(404, REGISTRANT_MSG.fileNotFound);
  return doc;
}
