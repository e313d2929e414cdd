import {
  can,
  type DashboardData,
  dashboardCountsResponseSchema,
  dashboardQuerySchema,
  dashboardResponseSchema,
  errorResponseSchema,
  RESOURCES,
} from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { compiledResource } from '../../../engine';
import { createAnswerCache } from '../../../lib/answer-cache';
import { forbidden } from '../../../lib/http-error';
import { countVisible, followedFilters } from './repository';
import { dashboardReport } from './service';

/**
 * /admin/dashboard: live record counts of every master resource the caller may read (module read flag),
 * limited to the caller's schools like the lists. Any staff member may call it; each count needs its module.
 */
const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  // Many staff keep the dashboard open and it reads the same sums for all of them: a few seconds of staleness
  // on a dashboard is fine, and it spares the database the bursts. The school scope is part of the key and
  // the query still runs on the caller's connection, so row-level security decides what each scope sees.
  const dashboardCache = createAnswerCache<DashboardData>(app.ctx.dashboardCacheMs);
  app.get(
    '/dashboard/counts',
    {
      config: { access: 'user' },
      schema: {
        tags: ['dashboard'],
        summary:
          'Counts of the master data the caller may read (staff), under the school year / period / school where the list filters by them',
        security: [{ bearerAuth: [] }],
        querystring: dashboardQuerySchema,
        response: { 200: dashboardCountsResponseSchema, '4xx': errorResponseSchema },
      },
    },
    async (req) => {
      const auth = req.auth!;
      if (auth.audience !== 'admin') throw forbidden();
      const readable = RESOURCES.filter((d) => can(auth.user.role, auth.roleModules, d.module, 'read')).map(
        (d) => compiledResource(d.name),
      );
      const counts = await req.read((c) => countVisible(c, readable, req.query));
      return {
        success: true as const,
        data: readable.map(({ decl: d }, i) => ({
          resource: d.name,
          label: d.pageTitle,
          module: d.module,
          admin_path: d.adminPath,
          count: counts.get(i) ?? 0,
          filtered: Object.keys(followedFilters(readable[i]!, req.query)).length > 0,
        })),
      };
    },
  );

  app.get(
    '/report/dashboard',
    {
      config: { access: { module: 'Laporan', action: 'read' } },
      schema: {
        tags: ['dashboard'],
        summary:
          'Admission funnel per school and period, money billed/paid/outstanding, daily registrations and payments, places left per class (staff, module Laporan)',
        security: [{ bearerAuth: [] }],
        querystring: dashboardQuerySchema,
        response: { 200: dashboardResponseSchema, '4xx': errorResponseSchema },
      },
    },
    async (req) => {
      const q = req.query;
      const key = JSON.stringify([
        req.tenant.id,
        req.auth?.schools ?? null,
        q.school_year_id ?? null,
        q.school_period_id ?? null,
        q.school_id ?? null,
      ]);
      const data = await dashboardCache(key, () => req.read((c) => dashboardReport(c, q)));
      return { success: true as const, data };
    },
  );
};

export default dashboardRoutes;
