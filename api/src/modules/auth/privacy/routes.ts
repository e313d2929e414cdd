import {
  acceptConsentSchema,
  messageResponseSchema,
  myConsentResponseSchema,
  optionalConsentSchema,
  PRIVACY_MSG,
} from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerSecurity, errorResponses } from '../../../lib/route-options';
import { acceptConsent, myConsent, setOptionalConsents } from './service';

const tags = ['privacy'];

/** The signed-in account's consent: read it, agree to the current text, switch the optional purposes. */
const consentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/consent',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The consent text to agree to now and the account’s answers',
        security: bearerSecurity,
        response: { 200: myConsentResponseSchema, ...errorResponses },
      },
    },
    async (req) => ({ success: true as const, data: await req.db((c) => myConsent(c, req.auth!.user.id)) }),
  );

  app.post(
    '/me/consent',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Agree to the current consent text (the version the parent read)',
        security: bearerSecurity,
        body: acceptConsentSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (req) => {
      await req.tx((c) => acceptConsent(c, req.auth!.user.id, req.body.version, req.ip));
      return { success: true as const, message: PRIVACY_MSG.accepted };
    },
  );

  app.put(
    '/me/consent/optional',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Give or withdraw the optional consents (promotional messages, photos in publications)',
        security: bearerSecurity,
        body: optionalConsentSchema,
        response: { 200: myConsentResponseSchema, ...errorResponses },
      },
    },
    async (req) => {
      const userId = req.auth!.user.id;
      await req.tx((c) => setOptionalConsents(c, userId, req.body, req.ip));
      return { success: true as const, data: await req.db((c) => myConsent(c, userId)) };
    },
  );
};

export default consentRoutes;
