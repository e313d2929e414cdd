import { REGISTRANT_MSG } from '@psb/contracts';
import type { FastifyRequest } from 'fastify';
import type { StorageAdapter } from '../../../integrations/storage';
import { HttpError, notFound } from '../../../lib/http-error';
import { lockOwn, staffMayRead } from '../access';
import { documentsOf, setDocument } from './repository';

/**
 * Stores the file and records it under `folder` of the caller's own unlocked registrant (ownership and the
 * lock are checked before anything is stored). Returns the storage key of the file it replaced, if any.
 */
export function replaceDocument(
  req: FastifyRequest,
  storage: StorageAdapter,
  id: number,
  folder: string,
  file: { key: string; body: Buffer; type: string; doc: object },
): Promise<string | undefined> {
  return req.tx(async (c) => {
    const r = await lockOwn(c, req.auth!.user.id, id);
    if (r.locked) throw new HttpError(409, REGISTRANT_MSG.locked);
    await storage.put(file.key, file.body, file.type);
    await setDocument(c.db, c.tenantId, id, folder, { ...file.doc, key: file.key });
    return r.documents[folder]?.key;
  });
}

/** A registrant's document under `folder` for its parent or staff with Calon Murid read; 404 otherwise. */
export async function findDocument(req: FastifyRequest, id: number, folder: string) {
  const auth = req.auth!;
  const row = await req.db((c) => documentsOf(c.db, c.tenantId, id, auth.user.id, staffMayRead(auth)));
  if (!row) throw notFound();
  const doc = row.documents[folder];
  if (!doc?.key) throw new HttpError(404, REGISTRANT_MSG.fileNotFound);
  return doc;
}
