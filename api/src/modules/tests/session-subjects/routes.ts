import { sessionSubjectsBodySchema, sessionSubjectsResponseSchema } from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../lib/ids';
import { staffRouteOptions } from '../../../lib/route-options';
import { readSessionSubjects, replaceSessionSubjects } from './service';

/** The session master's module: whoever may edit a session edits its subjects. */
const { read, update, tags, security, errors } = staffRouteOptions('Data Tes', 'tests (sessions)');

/** The subjects (mata uji) of a test session and the score range of each. */
const testSessionSubjectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mst_test_detail/subjects/:id',
    {
      config: read,
      schema: {
        tags,
        summary:
          'The subjects scored in a session with their ranges and scores given, and the subjects that may be added',
        security,
        params: idParamsSchema,
        response: { 200: sessionSubjectsResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await req.db((c) => readSessionSubjects(c, req.params.id)),
    }),
  );

  app.put(
    '/mst_test_detail/subjects/:id',
    {
      config: update,
      schema: {
        tags,
        summary:
          'Replace the subjects of a session (empty: every live subject 0–100); a subject with scores keeps its range',
        security,
        params: idParamsSchema,
        body: sessionSubjectsBodySchema,
        response: { 200: sessionSubjectsResponseSchema, ...errors },
      },
    },
    async (req) => {
      const out = await req.tx((c) => replaceSessionSubjects(c, req.auth!.user.id, req.params.id, req.body));
      return { success: true as const, message: out.message, data: out.data };
    },
  );
};

export default testSessionSubjectRoutes;
