import crypto from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import sharp from 'sharp';
import type { StorageAdapter } from '../../integrations/storage';
import { sniff } from '../../lib/file-kind';
import { HttpError } from '../../lib/http-error';

/** Pictures of staff-edited content (the home page image, document logos and signatures) are public. */
export const CONTENT_IMAGE_BASE = '/api/v1/public/content_image/';
export const CONTENT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const FILE = /^[0-9a-f]{40}\.png$/;

const MSG = {
  missing: 'Pilih berkas gambar terlebih dahulu.',
  type: 'Gambar harus berformat JPG, PNG atau WEBP.',
  broken: 'Gambar tidak dapat dibaca.',
  tooLarge: 'Ukuran gambar maksimal 5 MB.',
};

const keyOf = (tenantId: number, file: string) => `t${tenantId}/content/${file}`;

/** The uploaded part's bytes, or a 4xx in Indonesian. */
export async function imageUpload(part: MultipartFile | undefined): Promise<Buffer> {
  if (part?.fieldname !== 'file') throw new HttpError(400, MSG.missing);
  try {
    const buf = await part.toBuffer();
    if (buf.length === 0) throw new HttpError(400, MSG.missing);
    return buf;
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 413) throw new HttpError(413, MSG.tooLarge);
    throw err;
  }
}

/**
 * Re-encoded as PNG (what the PDF module embeds; EXIF dropped), at most `maxWidth` wide, stored under its
 * content hash: the same picture uploaded twice is one file. Returns the public path.
 */
export async function storeContentImage(
  storage: StorageAdapter,
  tenantId: number,
  raw: Buffer,
  maxWidth: number,
): Promise<string> {
  const kind = sniff(raw);
  if (!kind || kind === 'pdf') throw new HttpError(415, MSG.type);
  let png: Buffer;
  try {
    png = await sharp(raw, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: maxWidth, withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    throw new HttpError(415, MSG.broken);
  }
  const file = `${crypto.createHash('sha1').update(png).digest('hex')}.png`;
  await storage.put(keyOf(tenantId, file), png, 'image/png');
  return `${CONTENT_IMAGE_BASE}${file}`;
}

/** The stored picture behind a public path or file name, or null. */
export async function openContentImage(storage: StorageAdapter, tenantId: number, pathOrFile: string) {
  const file = pathOrFile.startsWith(CONTENT_IMAGE_BASE)
    ? pathOrFile.slice(CONTENT_IMAGE_BASE.length)
    : pathOrFile;
  if (!FILE.test(file)) return null;
  return storage.get(keyOf(tenantId, file));
}

/** Its bytes (for embedding in a PDF), or null. */
export async function readContentImage(storage: StorageAdapter, tenantId: number, pathOrFile: string) {
  const obj = await openContentImage(storage, tenantId, pathOrFile);
  if (!obj) return null;
  const chunks: Buffer[] = [];
  for await (const c of obj.stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}
