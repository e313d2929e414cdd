import { errorResponseSchema, roleModulesResponseSchema } from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../lib/ids';
import { roleModules } from './service';

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
        params: idParamsSchema,
        response: { 200: roleModulesResponseSchema, '4xx': errorResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await req.db((c) => roleModules(c, req.params.id)) }),
  );
};

export default roleModuleRoutes;
