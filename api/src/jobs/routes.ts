import { errorResponseSchema, jobsResponseSchema } from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listTrackedJobs } from './tracking';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

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
        data: rows.map((r) => ({
          ...r,
          status: r.status as 'queued' | 'running' | 'done' | 'failed',
          created_at: r.created_at.toISOString(),
          started_at: iso(r.started_at),
          finished_at: iso(r.finished_at),
        })),
      };
    },
  );
};

export default jobRoutes;
