import { errorResponseSchema, meResponseSchema, updateProfileSchema } from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_SQL, type AuthRow, toUser } from '../../db/queries';
import { unauthorized } from '../../lib/http-error';
import {
  assertUnique,
  createEmailVerification,
  sendVerificationMail,
  uniqueViolation,
} from '../auth/service';

const tags = ['me'];

/** The signed-in account (either area) and its own profile. */
const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The signed-in account',
        response: { 200: meResponseSchema, '4xx': errorResponseSchema },
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
        response: { 200: meResponseSchema, '4xx': errorResponseSchema },
      },
    },
    async (req) => {
      const auth = req.auth!;
      const email = req.body.email || null;
      const phone = req.body.phone_number || null;
      const emailChanged = (email ?? '').toLowerCase() !== (auth.user.email ?? '').toLowerCase();
      let result: { row: AuthRow | undefined; token: string | null };
      try {
        result = await req.tx(async (c) => {
          await assertUnique(c, email, phone, auth.user.id);
          await c.client.query(
            `UPDATE users SET name = $3, email = $4, phone_number = $5, updated_at = now(),
               email_verified_at = CASE WHEN $6 THEN NULL ELSE email_verified_at END
             WHERE tenant_id = $1 AND id = $2`,
            [c.tenantId, auth.user.id, req.body.name, email, phone, emailChanged],
          );
          const token = emailChanged && email ? await createEmailVerification(c, auth.user.id, email) : null;
          const { rows } = await c.client.query<AuthRow>(AUTH_SQL, [
            c.tenantId,
            auth.user.id,
            auth.tokenVersion,
            auth.jti,
          ]);
          return { row: rows[0], token };
        });
      } catch (err) {
        throw uniqueViolation(err) ?? err;
      }
      if (!result.row) throw unauthorized();
      if (email && result.token) await sendVerificationMail(app, req, email, req.body.name, result.token);
      return { success: true as const, user: toUser(result.row), role_modules: auth.roleModules };
    },
  );
};

export default meRoutes;
