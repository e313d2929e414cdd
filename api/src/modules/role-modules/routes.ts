import { errorResponseSchema, type RoleModule, roleModulesResponseSchema } from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { roleModulesJson } from '../../db/queries';
import { notFound } from '../../lib/http-error';

/** Staff: permissions of one role (the "Hak Akses" screen). */
const roleModuleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/role_modules/role/:id',
    {
      config: { access: { module: 'Hak Akses', action: 'read' } },
      schema: {
        tags: ['roles'],
        summary: 'Module permissions of a role',
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: roleModulesResponseSchema, '4xx': errorResponseSchema },
      },
    },
    async (req) => {
      const data = await req.db(async ({ client, tenantId }) => {
        const { rows } = await client.query<{ data: RoleModule[] }>(
          `SELECT ${roleModulesJson('r.tenant_id', 'r.id')} AS data FROM roles r WHERE r.tenant_id = $1 AND r.id = $2`,
          [tenantId, req.params.id],
        );
        return rows[0]?.data;
      });
      // Roles of another tenant are invisible (row-level security), so they are simply not found.
      if (!data) throw notFound();
      return { success: true as const, data };
    },
  );
};

export default roleModuleRoutes;
