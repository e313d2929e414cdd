import multipart from '@fastify/multipart';
import {
  DOCUMENT_KINDS,
  DOCUMENTS,
  type DocumentKind,
  documentQuerySchema,
  documentResponseSchema,
  documentSavedResponseSchema,
  welcomeImageResponseSchema,
} from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { StorageAdapter } from '../../../integrations/storage';
import { binaryResponse } from '../../../lib/binary-response';
import { contentDisposition } from '../../../lib/content-disposition';
import { HttpError } from '../../../lib/http-error';
import { idSchema } from '../../../lib/ids';
import { sendRaw } from '../../../lib/raw-reply';
import { staffRouteOptions } from '../../../lib/route-options';
import { CONTENT_IMAGE_MAX_BYTES, imageUpload, storeContentImage } from '../images';
import { previewFormat, readFormat, saveFormat } from './service';

export interface DocumentOptions {
  storage: StorageAdapter;
}

const draftSchema = z.object({ school_id: idSchema, template: z.unknown() });

/**
 * Where a layout is read and saved: `/format/{kind}`, and the other names the Pengaturan calls use for the
 * same layout (`/config/format_test_card`, `/format/format_graduation`, `/config/format/format_graduation`).
 */
const formatUrls = (kind: DocumentKind) => [
  `/format/${kind}`,
  `/config/format_${kind}`,
  `/format/format_${kind}`,
  `/config/format/format_${kind}`,
];
const aliasNote = (url: string, kind: DocumentKind) =>
  url === `/format/${kind}` ? '' : ` (the same as /format/${kind})`;

/**
 * Document formats: per school and kind, the layout staff design (GET/PUT /format/{kind}), a PDF preview of
 * a draft on the demo registrant, and the upload of a logo or signature picture. Each kind is guarded by its
 * own module (Kartu Tes, Hasil Tes, SPOTC, Rekap Murid, Kelulusan); the school must be one the caller sees.
 */
const documentRoutes: FastifyPluginAsyncZod<DocumentOptions> = async (app, { storage }) => {
  await app.register(multipart, {
    limits: { fileSize: CONTENT_IMAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6 },
  });

  for (const kind of DOCUMENT_KINDS) {
    const { module, label } = DOCUMENTS[kind];
    const { read, update, tags, security, errors } = staffRouteOptions(module, 'format');
    for (const url of formatUrls(kind))
      app.get(
        url,
        {
          config: read,
          schema: {
            tags,
            summary: `Layout of the ${label} of a school (the default until one is saved)${aliasNote(url, kind)}`,
            security,
            querystring: documentQuerySchema,
            response: { 200: documentResponseSchema, ...errors },
          },
        },
        async (req) => {
          const school = req.query.school_id;
          const found = await req.db((c) => readFormat(c, school, kind));
          return { success: true as const, kind, school_id: school, ...found };
        },
      );

    for (const url of formatUrls(kind))
      app.put(
        url,
        {
          config: update,
          schema: {
            tags,
            summary: `Save the ${label} layout of a school; unknown placeholders are refused${aliasNote(url, kind)}`,
            security,
            body: draftSchema,
            response: { 200: documentSavedResponseSchema, ...errors },
          },
        },
        async (req) => {
          const { school_id, template } = req.body;
          const data = await req.tx((c) => saveFormat(c, req.auth!.user.id, school_id, kind, template));
          return {
            success: true as const,
            kind,
            school_id,
            saved: true,
            data,
            message: 'Format berhasil disimpan.',
          };
        },
      );

    app.post(
      `/format/${kind}/preview`,
      {
        config: read,
        schema: {
          tags,
          summary: `PDF of a draft ${label} layout filled with a demo registrant (nothing is saved)`,
          security,
          body: draftSchema,
          produces: ['application/pdf'],
          response: { 200: binaryResponse('The preview', ['application/pdf']), ...errors },
        },
      },
      async (req, reply) => {
        const { school_id, template } = req.body;
        const ctx = { storage, themeColor: req.tenant.themeColor, author: req.tenant.name };
        const pdf = await req.db((c) => previewFormat(c, ctx, school_id, kind, template));
        return sendRaw(
          reply,
          {
            'content-type': 'application/pdf',
            'content-disposition': contentDisposition(`Pratinjau-${label}.pdf`, 'inline'),
            'cache-control': 'no-store',
          },
          pdf,
        );
      },
    );

    app.post(
      `/format/${kind}/image`,
      {
        config: update,
        schema: {
          tags,
          summary: `Upload a logo or signature picture for the ${label} (multipart field file)`,
          security,
          consumes: ['multipart/form-data'],
          response: { 200: welcomeImageResponseSchema, ...errors },
        },
      },
      async (req) => {
        if (!req.isMultipart()) throw new HttpError(415, 'Pilih berkas gambar terlebih dahulu.');
        const raw = await imageUpload(await req.file());
        const image = await storeContentImage(storage, req.tenant.id, raw, 800);
        return { success: true as const, image, message: 'Gambar berhasil diunggah.' };
      },
    );
  }
};

export default documentRoutes;
