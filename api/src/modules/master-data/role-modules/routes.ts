import { roleModulesResponseSchema } from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../lib/ids';
import { staffRouteOptions } from '../../../lib/route-options';
import { roleModules } from './service';

const { read, tags, security, errors } = staffRouteOptions('Hak Akses', 'roles');

/** Staff: permissions of one role (the "Hak Akses" screen). */
const roleModuleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/role_modules/role/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'Module permissions of a role',
        security,
        params: idParamsSchema,
        response: { 200: roleModulesResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await req.db((c) => roleModules(c, req.params.id)) }),
  );
};

export default roleModuleRoutes;
