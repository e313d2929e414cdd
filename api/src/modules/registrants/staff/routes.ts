import {
  bulkResponseSchema,
  bulkSchema,
  classMutationSchema,
  informationDetailResponseSchema,
  messageResponseSchema,
  periodMutationSchema,
  REGISTRANT_ADMIN_MSG,
  reasonSchema,
  registrantAdminListResponseSchema,
  registrantAdminQuerySchema,
  verifyRegistrantSchema,
} from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ExportFormat, streamQueryExport } from '../../../engine';
import { binaryResponse } from '../../../lib/binary-response';
import { idParamsSchema } from '../../../lib/ids';
import { JSON_TEXT, sendRaw } from '../../../lib/raw-reply';
import { staffRouteOptions } from '../../../lib/route-options';
import { contextOf } from '../../../service-context';
import { maySeeSensitive } from '../../master-data';
import internalRoutes from '../internal/routes';
import { applicantsExport } from './export';
import {
  archive,
  bulk,
  informationDetail,
  listRegistrantsJson,
  logExportedSensitive,
  mutate,
  staffTransition,
} from './service';

const { tags, security, errors, read, update, remove } = staffRouteOptions(
  'Calon Murid',
  'registrants (staff)',
);

const exportQuerySchema = registrantAdminQuerySchema
  .omit({ page: true, limit: true })
  .extend({ format: z.enum(['xlsx', 'csv'], { error: 'Format harus xlsx atau csv.' }).optional() });

/** Staff registrant management: list, counts, detail information, state actions, moves, archive, export. */
const registrantAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(internalRoutes);

  app.get(
    '/registrants/admin',
    {
      // The season's busiest screen: its sign-in check rides with the list's statement.
      config: { ...read, checkWithRead: true },
      schema: {
        tags,
        summary: 'Staff list: filters, paging, sorting and the counts per status (the role’s schools only)',
        security,
        querystring: registrantAdminQuerySchema,
        response: { 200: registrantAdminListResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const body = await req.db((c) => listRegistrantsJson(c, req.query, req.auth?.schools ?? null));
      // The whole answer is JSON text built by PostgreSQL (see listBody), sent as it is.
      return sendRaw(reply, { 'content-type': JSON_TEXT }, body);
    },
  );

  app.get(
    '/registrants/export/admin',
    {
      config: read,
      schema: {
        tags,
        summary: 'Applicants export (xlsx, or csv) of the filtered list, with every form answer',
        security,
        querystring: exportQuerySchema,
        response: {
          200: binaryResponse('The applicants file', [
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'text/csv',
          ]),
          ...errors,
        },
      },
    },
    async (req, reply) => {
      const { format = 'xlsx', ...q } = req.query;
      const auth = req.auth!;
      const sensitive = maySeeSensitive(auth);
      const e = await req.db(async (c) => {
        if (sensitive) await logExportedSensitive(c, auth.user.id, q);
        return applicantsExport(c.db, c.tenantId, q, { sensitive });
      });
      return streamQueryExport(req, reply, { ...e, format: format as ExportFormat, replica: true });
    },
  );

  app.get(
    '/registrant/information_detail/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'Parent account, voucher, status note and the activity history of a registrant',
        security,
        params: idParamsSchema,
        response: { 200: informationDetailResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await req.db((c) => informationDetail(c, req.params.id)),
    }),
  );

  app.put(
    '/registrant/verify/:id',
    {
      config: update,
      schema: {
        tags,
        summary:
          'Verify a submitted registrant (refused while a required document is not accepted, unless overridden with a reason)',
        security,
        params: idParamsSchema,
        body: verifyRegistrantSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await req.tx((c) =>
        staffTransition(c, req.auth!, req.params.id, 'verify', req.body?.reason, req.body?.override_reason),
      );
      return { success: true as const, message: REGISTRANT_ADMIN_MSG.verified };
    },
  );

  app.put(
    '/registrant/open_form/:id',
    {
      config: update,
      schema: {
        tags,
        summary: 'Reopen a submitted (or verified) form for the parent, with the reason the parent is shown',
        security,
        params: idParamsSchema,
        body: reasonSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await req.tx((c) => staffTransition(c, req.auth!, req.params.id, 'open_form', req.body.reason));
      return { success: true as const, message: REGISTRANT_ADMIN_MSG.opened };
    },
  );

  app.delete(
    '/registrant/:id',
    {
      config: remove,
      schema: {
        tags,
        summary: 'Archive a registrant (non-active list; frees its class place)',
        security,
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await req.tx((c) => archive(c, req.auth!, req.params.id, true));
      return { success: true as const, message: REGISTRANT_ADMIN_MSG.archived };
    },
  );

  app.post(
    '/registrant/restore/:id',
    {
      config: remove,
      schema: {
        tags,
        summary: 'Restore an archived registrant (refused when its class is full or it was withdrawn)',
        security,
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await req.tx((c) => archive(c, req.auth!, req.params.id, false));
      return { success: true as const, message: REGISTRANT_ADMIN_MSG.restored };
    },
  );

  app.put(
    '/registrant/bulk',
    {
      config: update,
      schema: {
        tags,
        summary: 'One action (verify, archive, restore) on many registrants; each done or refused on its own',
        security,
        body: bulkSchema,
        response: { 200: bulkResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await bulk(contextOf(req), req.auth!, req.body.action, req.body.ids)),
    }),
  );

  app.post(
    '/registrant/mutation/:id',
    {
      config: update,
      schema: {
        tags,
        summary: 'Move to another class of the same period (within its quota)',
        security,
        params: idParamsSchema,
        body: classMutationSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await req.tx((c) => mutate(c, req.auth!, req.params.id, req.body));
      return { success: true as const, message: REGISTRANT_ADMIN_MSG.moved };
    },
  );

  app.post(
    '/registrant/mutation_period/:id',
    {
      config: update,
      schema: {
        tags,
        summary: 'Move to another period of the same school and a class of it (within its quota)',
        security,
        params: idParamsSchema,
        body: periodMutationSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await req.tx((c) => mutate(c, req.auth!, req.params.id, req.body));
      return { success: true as const, message: REGISTRANT_ADMIN_MSG.moved };
    },
  );
};

export default registrantAdminRoutes;
