import crypto from 'node:crypto';
import multipart from '@fastify/multipart';
import {
  REGISTRANT_MSG,
  UPLOAD_FOLDERS,
  UPLOAD_MAX_BYTES,
  type UploadFolder,
  uploadQuerySchema,
  uploadResponseSchema,
} from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import type { StorageAdapter } from '../../../integrations/storage';
import { binaryResponse } from '../../../lib/binary-response';
import { contentDisposition } from '../../../lib/content-disposition';
import { EXT, type FileKind as Kind, MIME, sniff } from '../../../lib/file-kind';
import { HttpError } from '../../../lib/http-error';
import { idParamsSchema, idSchema } from '../../../lib/ids';
import { sendRaw } from '../../../lib/raw-reply';
import { bearerSecurity, errorResponses } from '../../../lib/route-options';
import { contextOf } from '../../../service-context';
import { findDocument, replaceDocument } from './service';
import documentVerificationRoutes from './verification-routes';

/** Longest side of a photo stored without an explicit `resize`. */
const PHOTO_DEFAULT_WIDTH = 800;

/** A display name without path parts or control characters. */
const cleanName = (name: string) =>
  name
    .replace(/^.*[\\/]/, '')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '_')
    .slice(0, 120) || 'dokumen';

/**
 * Images are re-encoded (EXIF — e.g. the location of a child's photo — is dropped, orientation applied) and
 * resized to `width` when given (never enlarged); undecodable images are refused.
 */
async function processImage(buf: Buffer, kind: Exclude<Kind, 'pdf'>, width: number | undefined) {
  try {
    let img = sharp(buf, { limitInputPixels: 40_000_000 }).rotate();
    if (width) img = img.resize({ width, withoutEnlargement: true });
    img =
      kind === 'png' ? img.png() : kind === 'webp' ? img.webp({ quality: 85 }) : img.jpeg({ quality: 85 });
    return await img.toBuffer();
  } catch {
    throw new HttpError(415, REGISTRANT_MSG.fileBroken);
  }
}

export interface UploadOptions {
  storage: StorageAdapter;
}

/**
 * POST /registrant/upload/{id} (multipart field `file`; options `folder` photo|akta|kk, `resize` width in px,
 * `filename`, as query parameters or as form fields before the file) and GET /registrant/file/{id}/{folder}
 * to read a stored document back (the parent, or staff with Calon Murid read) as a download. Files are never
 * public.
 */
const uploadRoutes: FastifyPluginAsyncZod<UploadOptions> = async (app, { storage }) => {
  await app.register(documentVerificationRoutes);
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 1000, parts: 12 },
  });

  app.post(
    '/registrant/upload/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['registrants'],
        summary: 'Upload the photo (resized), birth certificate or family card of a registrant',
        security: bearerSecurity,
        params: idParamsSchema,
        querystring: uploadQuerySchema,
        consumes: ['multipart/form-data'],
        response: { 200: uploadResponseSchema, ...errorResponses },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw new HttpError(415, REGISTRANT_MSG.fileMissing);
      const part = await req.file();
      if (part?.fieldname !== 'file') throw new HttpError(400, REGISTRANT_MSG.fileMissing);
      let raw: Buffer;
      try {
        raw = await part.toBuffer();
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 413)
          throw new HttpError(413, REGISTRANT_MSG.fileTooLarge);
        throw err;
      }
      // Options from the query, else from form fields sent before the file.
      const field = (name: string) => {
        const f = part.fields[name];
        const one = Array.isArray(f) ? f[0] : f;
        return one && 'value' in one ? String(one.value) : undefined;
      };
      const opts = uploadQuerySchema.safeParse({
        folder: req.query.folder ?? field('folder') ?? 'photo',
        resize: req.query.resize ?? field('resize'),
        filename: req.query.filename ?? field('filename'),
      });
      if (!opts.success) {
        const fields = Object.fromEntries(opts.error.issues.map((i) => [String(i.path[0]), i.message]));
        throw new HttpError(400, Object.values(fields)[0] ?? 'Data tidak valid.', fields);
      }
      const folder = (opts.data.folder ?? 'photo') as UploadFolder;
      if (raw.length === 0) throw new HttpError(400, REGISTRANT_MSG.fileMissing);
      const kind = sniff(raw);
      if (!kind) throw new HttpError(415, REGISTRANT_MSG.fileType);
      if (folder === 'photo' && kind === 'pdf') throw new HttpError(415, REGISTRANT_MSG.photoType);
      const body =
        kind === 'pdf'
          ? raw
          : await processImage(
              raw,
              kind,
              opts.data.resize ?? (folder === 'photo' ? PHOTO_DEFAULT_WIDTH : undefined),
            );

      const id = req.params.id;
      const key = `t${req.tenant.id}/registrants/${id}/${folder}-${crypto.randomBytes(12).toString('hex')}.${EXT[kind]}`;
      const url = `/api/v1/registrant/file/${id}/${folder}`;
      const name = cleanName(opts.data.filename || part.filename || `${folder}.${EXT[kind]}`);
      const doc = { url, name, type: MIME[kind], size: body.length, uploaded_at: new Date().toISOString() };
      // Ownership and the lock are checked before anything is stored.
      const previous = await replaceDocument(contextOf(req), storage, id, folder, {
        key,
        body,
        type: MIME[kind],
        doc: { ...doc, key },
      });
      if (previous && previous !== key)
        await storage
          .delete(previous)
          .catch((err) => req.log.warn({ err }, 'removing a replaced file failed'));
      return {
        success: true as const,
        message: REGISTRANT_MSG.uploaded,
        url_gcs: url,
        data: { ...doc, folder },
      };
    },
  );

  app.get(
    '/registrant/file/:id/:folder',
    {
      config: { access: 'user' },
      schema: {
        tags: ['registrants'],
        summary: "A registrant's uploaded document (its parent, or staff with Calon Murid read)",
        security: bearerSecurity,
        params: z.object({ id: idSchema, folder: z.enum(UPLOAD_FOLDERS) }),
        response: {
          200: binaryResponse('The stored file, as uploaded', Object.values(MIME)),
          ...errorResponses,
        },
      },
    },
    async (req, reply) => {
      const doc = await findDocument(contextOf(req), req.params.id, req.params.folder);
      const obj = await storage.get(doc.key);
      if (!obj) throw new HttpError(404, REGISTRANT_MSG.fileNotFound);
      // A parent's file is never drawn as a page of the app's origin (a PDF may carry script): a download,
      // read as its stored type only, and sandboxed with nothing allowed should a browser open it anyway. The
      // apps show it from a blob they fetched (an object URL), which these headers do not affect.
      return sendRaw(
        reply,
        {
          'content-type': doc.type,
          'content-length': String(obj.size),
          'content-disposition': contentDisposition(doc.name),
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; sandbox",
        },
        obj.stream,
      );
    },
  );
};

export default uploadRoutes;
