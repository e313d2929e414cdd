import multipart from '@fastify/multipart';
import {
  errorResponseSchema,
  LEGGER_MSG,
  leggerImportQuerySchema,
  leggerImportResponseSchema,
  leggerInvalidResponseSchema,
  leggerQuerySchema,
} from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { binaryResponse } from '../../../lib/binary-response';
import { contentDisposition } from '../../../lib/content-disposition';
import { HttpError } from '../../../lib/http-error';
import { staffRouteOptions } from '../../../lib/route-options';
import { importLegger, leggerWorkbook } from './service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A legger of a few thousand rows is a few hundred KB; 5 MB leaves room without inviting abuse. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;
const { read, update, tags, security, errors } = staffRouteOptions('Legger Murid', 'legger');

/**
 * The legger of a registration period (Legger Murid): the spreadsheet to fill in, its import (checked as a
 * whole, written in one transaction or not at all; `dry_run=true` only checks) and its export.
 */
const leggerRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5, parts: 6 } });

  const download = (fileName: string, summary: string) =>
    ({
      config: read,
      schema: {
        tags,
        summary,
        security,
        querystring: leggerQuerySchema,
        response: { 200: binaryResponse('The legger spreadsheet', [XLSX]), ...errors },
      },
      handler: async (req, reply) => {
        const file = await req.db((c) => leggerWorkbook(c, req.query.school_period_id));
        return reply
          .header('content-type', XLSX)
          .header('content-disposition', contentDisposition(fileName))
          .send(file);
      },
    }) satisfies Parameters<typeof app.get<{ Querystring: { school_period_id: number } }>>[1];

  app.get(
    '/registrants/import/legger/template',
    download('Templat Legger.xlsx', 'The legger to fill in (xlsx)'),
  );
  app.get('/registrants/export/legger', download('Legger Murid.xlsx', 'The legger with its scores (xlsx)'));

  app.post(
    '/registrants/import/legger',
    {
      config: update,
      schema: {
        tags,
        summary: 'Import a filled legger (multipart field file); dry_run=true only checks it',
        security,
        querystring: leggerImportQuerySchema,
        consumes: ['multipart/form-data'],
        response: {
          200: leggerImportResponseSchema,
          400: leggerInvalidResponseSchema.or(errorResponseSchema),
          ...errors,
        },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw new HttpError(415, LEGGER_MSG.fileMissing);
      const part = await req.file();
      if (part?.fieldname !== 'file') throw new HttpError(400, LEGGER_MSG.fileMissing);
      let file: Buffer;
      try {
        file = await part.toBuffer();
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 413)
          throw new HttpError(413, LEGGER_MSG.fileType);
        throw err;
      }
      if (file.length === 0) throw new HttpError(400, LEGGER_MSG.fileMissing);
      const dryRun = req.query.dry_run === 'true';
      const result = await req.tx((c) =>
        importLegger(c, req.auth!.user.id, req.query.school_period_id, file, dryRun),
      );
      return result.success ? result : reply.status(400).send(result);
    },
  );
};

export default leggerRoutes;
