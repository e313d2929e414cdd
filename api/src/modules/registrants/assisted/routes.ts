import {
  assistedResponseSchema,
  attachAccountSchema,
  errorResponseSchema,
  loginSlipSchema,
} from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { binaryResponse } from '../../../lib/binary-response';
import { contentDisposition } from '../../../lib/content-disposition';
import { idParamsSchema } from '../../../lib/ids';
import { sendRaw } from '../../../lib/raw-reply';
import { contextOf } from '../../../service-context';
import { attachAccount } from './service';
import { loginSlip } from './slip';

const tags = ['registrants (staff)'];
const security = [{ bearerAuth: [] }];
const errors = { '4xx': errorResponseSchema };
const insert = { access: { module: 'Calon Murid', action: 'insert' } } as const;

/**
 * Assisted registration's follow-ups (the registration itself is POST /registrant with `mode`): the login
 * slip, and an account for a registrant registered without one.
 */
const assistedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/registrant/login_slip/:id',
    {
      config: insert,
      schema: {
        tags,
        summary:
          'Login slip PDF (school, registrant, registration number, username, the temporary password given in the body, login address, next steps)',
        security,
        params: idParamsSchema,
        body: loginSlipSchema,
        response: { 200: binaryResponse('The login slip', ['application/pdf']), ...errors },
      },
    },
    async (req, reply) => {
      const pdf = await loginSlip(app, contextOf(req), req.params.id, req.body?.temporary_password);
      return sendRaw(
        reply,
        {
          'content-type': 'application/pdf',
          'content-disposition': contentDisposition(`Slip-Login-${req.params.id}.pdf`),
          'cache-control': 'no-store',
        },
        pdf,
      );
    },
  );

  app.put(
    '/registrant/account/:id',
    {
      config: insert,
      schema: {
        tags,
        summary:
          'Give a registrant registered without an account its parent account (an existing one with that e-mail/phone, or a new one with a temporary password)',
        security,
        params: idParamsSchema,
        body: attachAccountSchema,
        response: { 200: assistedResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await attachAccount(app, contextOf(req), req.auth!, req.params.id, req.body)),
    }),
  );
};

export default assistedRoutes;
