import {
  newPrivacyRequestSchema,
  PRIVACY_REQUEST_MSG,
  privacyRequestFiledResponseSchema,
  privacyRequestResponseSchema,
  privacyRequestsResponseSchema,
  resolvePrivacyRequestSchema,
  staffPrivacyRequestsResponseSchema,
} from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../lib/ids';
import { bearerSecurity, errorResponses, staffRouteOptions } from '../../../lib/route-options';
import { fileRequest, myRequests, queue, resolveRequest } from './requests-service';

const tags = ['privacy'];
const staff = staffRouteOptions('Konfigurasi', 'privacy');

/**
 * A parent's requests about their data (a correction after submission, the deletion of the account), and the
 * staff's queue that answers them within 3×24 hours.
 */
const privacyRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/privacy_requests',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The account’s own requests about its data, latest first, with the answers',
        security: bearerSecurity,
        response: { 200: privacyRequestsResponseSchema, ...errorResponses },
      },
    },
    async (req) => ({ success: true as const, data: await req.db((c) => myRequests(c, req.auth!.user.id)) }),
  );

  app.post(
    '/me/privacy_requests',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Ask for a correction of a submitted answer, or for the deletion of the account',
        security: bearerSecurity,
        body: newPrivacyRequestSchema,
        response: { 201: privacyRequestFiledResponseSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      const id = await req.tx((c) => fileRequest(c, req.auth!.user.id, req.body));
      return reply.status(201).send({ success: true as const, message: PRIVACY_REQUEST_MSG.sent, id });
    },
  );

  app.get(
    '/privacy/requests',
    {
      config: staff.read,
      schema: {
        tags,
        summary: 'The queue of parents’ requests: open ones by their 3×24 hour deadline, then answered ones',
        security: staff.security,
        response: { 200: staffPrivacyRequestsResponseSchema, ...staff.errors },
      },
    },
    async (req) => ({ success: true as const, data: await req.db((c) => queue(c)) }),
  );

  app.post(
    '/privacy/requests/:id/resolve',
    {
      config: staff.update,
      schema: {
        tags,
        summary:
          'Answer a request: carry it out (correct the answer, or accept the deletion unless the data must be kept) or refuse it with a reason',
        security: staff.security,
        params: idParamsSchema,
        body: resolvePrivacyRequestSchema,
        response: { 200: privacyRequestResponseSchema, ...staff.errors },
      },
    },
    async (req) => {
      const { message, data } = await req.tx((c) => resolveRequest(c, req.auth!, req.params.id, req.body));
      return { success: true as const, message, data };
    },
  );
};

export default privacyRequestRoutes;
