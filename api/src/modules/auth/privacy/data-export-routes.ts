import { DATA_EXPORT_FILE, dataExportResponseSchema, PRIVACY_MSG } from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StorageAdapter } from '../../../integrations/storage';
import { binaryResponse } from '../../../lib/binary-response';
import { contentDisposition } from '../../../lib/content-disposition';
import { HttpError, notFound } from '../../../lib/http-error';
import { idParamsSchema } from '../../../lib/ids';
import { sendRaw } from '../../../lib/raw-reply';
import { bearerSecurity, errorResponses } from '../../../lib/route-options';
import { defineDataExport, exportKey, ownExport, startDataExport } from './data-export';

const tags = ['privacy'];

type ExportRow = NonNullable<Awaited<ReturnType<typeof ownExport>>>;
const view = (r: ExportRow) => ({ ...r, status: r.status as 'queued' | 'running' | 'done' | 'failed' });

/** "Data Saya": the signed-in account asks for a copy of everything held about it and its children. */
const dataExportRoutes: FastifyPluginAsyncZod<{ storage: StorageAdapter }> = async (app, { storage }) => {
  defineDataExport(app, storage);

  app.post(
    '/me/data_export',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Start building the account’s data download (ZIP of JSON files and a PDF summary)',
        security: bearerSecurity,
        response: { 202: dataExportResponseSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      const userId = req.auth!.user.id;
      const id = await req.tx((c) => startDataExport(app, c, userId));
      const row = await req.db((c) => ownExport(c, userId, id));
      return reply.status(202).send({ success: true as const, data: view(row!) });
    },
  );

  app.get(
    '/me/data_export/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Progress of one of the account’s data downloads',
        security: bearerSecurity,
        params: idParamsSchema,
        response: { 200: dataExportResponseSchema, ...errorResponses },
      },
    },
    async (req) => {
      const row = await req.db((c) => ownExport(c, req.auth!.user.id, req.params.id));
      if (!row) throw notFound();
      return { success: true as const, data: view(row) };
    },
  );

  app.get(
    '/me/data_export/:id/file',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The finished data download',
        security: bearerSecurity,
        params: idParamsSchema,
        response: { 200: binaryResponse('The ZIP file', ['application/zip']), ...errorResponses },
      },
    },
    async (req, reply) => {
      const row = await req.db((c) => ownExport(c, req.auth!.user.id, req.params.id));
      if (!row) throw notFound();
      if (row.status !== 'done') throw new HttpError(409, PRIVACY_MSG.exportNotReady);
      const obj = await storage.get(exportKey(req.tenant.id, row.id));
      if (!obj) throw new HttpError(404, PRIVACY_MSG.exportMissing);
      return sendRaw(
        reply,
        {
          'content-type': 'application/zip',
          'content-length': String(obj.size),
          'content-disposition': contentDisposition(DATA_EXPORT_FILE),
          'x-content-type-options': 'nosniff',
          'cache-control': 'no-store',
        },
        obj.stream,
      );
    },
  );
};

export default dataExportRoutes;
