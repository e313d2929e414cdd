import {
  internalListQuerySchema,
  internalListResponseSchema,
  internalMarkResponseSchema,
  internalMarkSchema,
} from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffRouteOptions } from '../../../lib/route-options';
import { listInternal, markInternal } from './service';

const { tags, security, errors, read, update } = staffRouteOptions('Calon Murid', 'registrants (staff)');

/** Internal students: registrants coming from the foundation's own schools (`is_internal`). */
const internalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/registrant/internal',
    {
      config: read,
      schema: {
        tags,
        summary: 'Internal students, paged (the role’s schools only)',
        security,
        querystring: internalListQuerySchema,
        response: { 200: internalListResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, ...(await req.db((c) => listInternal(c, req.query))) }),
  );

  app.post(
    '/registrant/internal',
    {
      config: update,
      schema: {
        tags,
        summary: 'Mark (or unmark) registrants as internal students; all or nothing, audited',
        security,
        body: internalMarkSchema,
        response: { 200: internalMarkResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await req.tx((c) =>
        markInternal(c, req.auth!, req.body.registrant_ids as number[], req.body.is_internal),
      )),
    }),
  );
};

export default internalRoutes;
