import {
  errorResponseSchema,
  FAMILY_MSG,
  familyConfirmBodySchema,
  familyConfirmResponseSchema,
  siblingsResponseSchema,
} from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../lib/ids';
import { staffRouteOptions } from '../../../lib/route-options';
import { getRegistrant } from '../parent/service';
import { confirmFamilyAnswers, siblingsFor } from './service';

const tags = ['registrants'];
const security = [{ bearerAuth: [] }];
const errors = { '4xx': errorResponseSchema };
const staff = staffRouteOptions('Calon Murid', 'registrants (staff)');

/** One family: the parent confirms the answers copied from the family's form; staff see a child's siblings. */
const familyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/registrant/family_confirm/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          "The parent confirms answers copied from the family's earlier form (their own registrant, not yet sent)",
        security,
        params: idParamsSchema,
        body: familyConfirmBodySchema,
        response: { 200: familyConfirmResponseSchema, ...errors },
      },
    },
    async (req) => {
      const auth = req.auth!;
      const family = await req.tx(async (c) => {
        await confirmFamilyAnswers(c, auth.user.id, req.params.id, req.body.question_nos);
        return (await getRegistrant(c, auth, req.params.id)).family;
      });
      return {
        success: true as const,
        message: FAMILY_MSG.confirmed,
        data: family ?? { source: null, copied: {}, unconfirmed: [] },
      };
    },
  );

  app.get(
    '/registrant/siblings/:id',
    {
      config: staff.read,
      schema: {
        tags: staff.tags,
        summary:
          "A registrant's siblings in the foundation: the other live children of its parent account, in the caller's schools",
        security,
        params: idParamsSchema,
        response: { 200: siblingsResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await req.db((c) => siblingsFor(c, req.params.id)) }),
  );
};

export default familyRoutes;
