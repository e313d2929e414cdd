import { meResponseSchema, updateProfileSchema } from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toUser } from '../../../lib/accounts';
import { errorResponses } from '../../../lib/route-options';
import { contextOf } from '../../../service-context';
import { changeProfile } from './service';

const tags = ['me'];

/** The signed-in account (either area) and its own profile. */
const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me',
    {
      config: { access: 'user', allowDuringPasswordChange: true },
      schema: {
        tags,
        summary: 'The signed-in account',
        response: { 200: meResponseSchema, ...errorResponses },
      },
    },
    async (req) => {
      const auth = req.auth!;
      return { success: true as const, user: auth.user, role_modules: auth.roleModules };
    },
  );

  app.put(
    '/me',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Update name, e-mail and phone of the signed-in account',
        body: updateProfileSchema,
        response: { 200: meResponseSchema, ...errorResponses },
      },
    },
    async (req) => ({
      success: true as const,
      user: toUser(await changeProfile(app, contextOf(req), req.body)),
      role_modules: req.auth!.roleModules,
    }),
  );
};

export default meRoutes;
