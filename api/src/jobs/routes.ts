import { errorResponseSchema, jobsResponseSchema } from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jobView, listTrackedJobs } from './tracking';

/** The staff jobs page: the latest background jobs of the tenant with status, progress and error. */
const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/jobs',
    {
      config: { access: { module: 'Konfigurasi', action: 'read' } },
      schema: {
        tags: ['jobs'],
        summary: 'Background jobs (queued, running, done, failed) with progress',
        response: { 200: jobsResponseSchema, '4xx': errorResponseSchema },
      },
    },
    async (req) => {
      const rows = await req.db((c) => listTrackedJobs(c, 100));
      return {
        success: true as const,
        data: rows.map(jobView),
      };
    },
  );
};

export default jobRoutes;
