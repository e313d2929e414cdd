import crypto from 'node:crypto';
import { errorResponseSchema, isSuperadmin, userResetResponseSchema } from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../engine';
import { writeAudit } from '../../engine/audit';
import { HttpError, notFound } from '../../lib/http-error';
import { HOOK_MESSAGES } from '../master-data/hooks';

/** Letters and digits without look-alikes (0/O, 1/l/I). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A readable random password of `length` characters (about 5.8 bits each). */
export function temporaryPassword(length = 10): string {
  const bytes = crypto.randomBytes(length);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

/** Next to the engine's user resource: staff resets a password. */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/reset/:id',
    {
      config: { access: { module: 'Pengguna', action: 'update' } },
      schema: {
        tags: ['users'],
        summary:
          'Reset a password: a temporary password is returned once; the sessions of the account end (token version)',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        response: { 200: userResetResponseSchema, '4xx': errorResponseSchema },
      },
    },
    async (req) => {
      const password = temporaryPassword();
      const hash = await app.ctx.hasher.hash(password);
      const actor = req.auth!.user;
      await req.tx(async (c) => {
        const { rows } = await c.client.query<{ role: string }>(
          `SELECT r.name AS role FROM users u JOIN roles r ON r.tenant_id = u.tenant_id AND r.id = u.role_id
           WHERE u.tenant_id = $1 AND u.id = $2 AND u.deleted_at IS NULL FOR UPDATE OF u`,
          [c.tenantId, req.params.id],
        );
        if (!rows[0]) throw notFound();
        if (isSuperadmin(rows[0].role) && !isSuperadmin(actor.role))
          throw new HttpError(403, HOOK_MESSAGES.superadminOnly);
        await c.client.query(
          `UPDATE users SET password_hash = $3, token_version = token_version + 1, updated_at = now()
           WHERE tenant_id = $1 AND id = $2`,
          [c.tenantId, req.params.id, hash],
        );
        await writeAudit(c, {
          userId: actor.id,
          action: 'reset_password',
          resource: 'user',
          recordId: req.params.id,
          before: { password_hash: 'x' },
          after: { password_hash: 'y' },
        });
      });
      return {
        success: true as const,
        message: 'Password berhasil direset. Sampaikan password sementara ini kepada pengguna.',
        password,
      };
    },
  );
};

export default userRoutes;
