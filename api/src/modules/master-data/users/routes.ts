import { userResetResponseSchema } from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../lib/ids';
import { staffRouteOptions } from '../../../lib/route-options';
import { contextOf } from '../../../service-context';
import { resetPassword } from './service';

const { update, tags, security, errors } = staffRouteOptions('Pengguna', 'users');

/** Next to the engine's user resource: staff resets a password. */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/reset/:id',
    {
      config: update,
      schema: {
        tags,
        summary:
          'Reset a password: a temporary password is returned once; the sessions of the account end (token version)',
        security,
        params: idParamsSchema,
        response: { 200: userResetResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      message: 'Kata sandi berhasil diatur ulang. Sampaikan kata sandi sementara ini kepada pengguna.',
      password: await resetPassword(app, contextOf(req), req.params.id),
    }),
  );
};

export default userRoutes;
