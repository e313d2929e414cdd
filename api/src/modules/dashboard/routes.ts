import { can, dashboardCountsResponseSchema, errorResponseSchema, RESOURCES } from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { compiledResource } from '../../engine';
import { forbidden } from '../../lib/http-error';

/**
 * /admin/dashboard: live record counts of every master resource the caller may read (module read flag),
 * limited to the caller's schools by row-level security like every query. Any staff member may call it; each count needs its module.
 */
const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard/counts',
    {
      config: { access: 'user' },
      schema: {
        tags: ['dashboard'],
        summary: 'Counts of the master data the caller may read (staff)',
        security: [{ bearerAuth: [] }],
        response: { 200: dashboardCountsResponseSchema, '4xx': errorResponseSchema },
      },
    },
    async (req) => {
      const auth = req.auth!;
      if (auth.audience !== 'admin') throw forbidden();
      const readable = RESOURCES.filter((d) => can(auth.user.role, auth.roleModules, d.module, 'read'));
      if (readable.length === 0) return { success: true as const, data: [] };
      const parts = readable.map((d, i) => {
        const c = compiledResource(d.name);
        return `SELECT ${i} AS i, count(*)::int AS n FROM ${c.table} t WHERE t.tenant_id = $1 AND t.deleted_at IS NULL`;
      });
      const counts = await req.db(async ({ client }) => {
        const { rows } = await client.query<{ i: number; n: number }>(parts.join(' UNION ALL '), [
          req.tenant.id,
        ]);
        return new Map(rows.map((r) => [r.i, r.n]));
      });
      return {
        success: true as const,
        data: readable.map((d, i) => ({
          resource: d.name,
          label: d.pageTitle,
          module: d.module,
          admin_path: d.adminPath,
          count: counts.get(i) ?? 0,
        })),
      };
    },
  );
};

export default dashboardRoutes;
