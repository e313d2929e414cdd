import {
  consentTextsResponseSchema,
  messageResponseSchema,
  newConsentTextSchema,
  PRIVACY_MSG,
} from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffRouteOptions } from '../../../lib/route-options';
import { insertConsentText, listConsentTexts } from './repository';

const { read, insert, tags, security, errors } = staffRouteOptions('Konfigurasi', 'privacy');

/** Pengaturan: the consent text parents agree to; saving writes a new version, earlier ones stay readable. */
const consentTextRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/privacy/consent_texts',
    {
      config: read,
      schema: {
        tags,
        summary: 'Every version of the consent text, newest first',
        security,
        response: { 200: consentTextsResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await req.db(({ db, tenantId }) => listConsentTexts(db, tenantId)),
    }),
  );

  app.post(
    '/privacy/consent_texts',
    {
      config: insert,
      schema: {
        tags,
        summary: 'Save a new version of the consent text (parents are asked again at their next sign-in)',
        security,
        body: newConsentTextSchema,
        response: { 201: messageResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      await req.tx(({ db, tenantId }) => insertConsentText(db, tenantId, req.body.body, req.auth!.user.id));
      return reply.status(201).send({ success: true as const, message: PRIVACY_MSG.textSaved });
    },
  );
};

export default consentTextRoutes;
