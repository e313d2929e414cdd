import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { PHOTOS_EXPORT_FILE, type RegistrantAdminQuery } from '@psb/contracts';
import type { FastifyReply } from 'fastify';
import { Zip, ZipPassThrough } from 'fflate';
import { sql } from 'kysely';
import type { Db } from '../../../db/kysely';
import type { StorageAdapter } from '../../../integrations/storage';
import { contentDisposition } from '../../../lib/content-disposition';
import type { ServiceContext } from '../../../service-context';
import { filteredRegistrants } from './list-query';

/** The registrants of the list's filters that have a photo, in registration-number order. */
function photoRows(db: Db, tenantId: number, q: RegistrantAdminQuery) {
  return filteredRegistrants(db, tenantId, q)
    .select(['r.registration_number', 'r.name', sql<string>`r.documents #>> '{photo,key}'`.as('key')])
    .where(sql<boolean>`r.documents #>> '{photo,key}' IS NOT NULL`)
    .orderBy('r.registration_number')
    .execute();
}

/** "<registration number> - <name>.<ext>", safe as a file name on any system that unpacks the zip. */
export function photoEntryName(number: string, name: string | null, key: string) {
  const ext = /\.([a-z0-9]{2,5})$/.exec(key)?.[1] ?? 'jpg';
  const clean = (s: string) =>
    s
      .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '_')
      .replace(/\s+/g, ' ')
      .trim();
  const base = name?.trim() ? `${clean(number)} - ${clean(name)}` : clean(number);
  return `${base.slice(0, 150)}.${ext}`;
}

/**
 * The photos of the filtered registrants as one zip, streamed while it is built: each photo is read from
 * the object store and stored as is (already JPEG/PNG/WebP, compressing again gains nothing). The list of
 * photos (number, name, key) is read first; then the writer waits for the client to take what was sent before
 * reading further, so at most about one photo is held in memory; a photo missing from the store is left out
 * rather than failing the whole file. The route sends the stream.
 */
export async function photosZip(sc: ServiceContext, storage: StorageAdapter, q: RegistrantAdminQuery) {
  const rows = await sc.db((c) => photoRows(c.db, c.tenantId, q));
  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) return void out.destroy(err);
    out.write(chunk);
    if (final) out.end();
  });
  const drained = () => Promise.race([once(out, 'drain'), once(out, 'close')]);

  void (async () => {
    for (const row of rows) {
      if (out.destroyed) return;
      const obj = await storage.get(row.key).catch((err) => {
        sc.log.warn({ err }, 'reading a photo for the photos export failed');
        return null;
      });
      if (!obj) continue;
      const entry = new ZipPassThrough(photoEntryName(row.registration_number, row.name, row.key));
      zip.add(entry);
      for await (const chunk of obj.stream) {
        entry.push(chunk as Uint8Array);
        if (out.writableNeedDrain) await drained();
        if (out.destroyed) return void obj.stream.destroy();
      }
      entry.push(new Uint8Array(0), true);
    }
    zip.end();
  })().catch((err) => {
    sc.log.error({ err }, 'the photos export stopped');
    out.destroy(err);
  });

  return out;
}

/** Sends the zip of photosZip as a download. */
export function sendPhotosZip(reply: FastifyReply, zip: PassThrough) {
  return reply
    .header('content-disposition', contentDisposition(`${PHOTOS_EXPORT_FILE}.zip`))
    .header('cache-control', 'no-store')
    .type('application/zip')
    .send(zip);
}
