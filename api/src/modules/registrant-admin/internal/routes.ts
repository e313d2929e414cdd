import {
  errorResponseSchema,
  internalListQuerySchema,
  internalListResponseSchema,
  internalMarkResponseSchema,
  internalMarkSchema,
} from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listInternal, markInternal } from './service';

const tags = ['registrants (staff)'];
const security = [{ bearerAuth: [] }];
const errors = { '4xx': errorResponseSchema };

/** Internal students: registrants coming from the foundation's own schools (`is_internal`). */
const internalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/registrant/internal',
    {
      config: { access: { module: 'Calon Murid', action: 'read' } },
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
      config: { access: { module: 'Calon Murid', action: 'update' } },
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
