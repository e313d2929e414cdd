import {
  declineOfferSchema,
  extendOffersSchema,
  messageResponseSchema,
  OFFER_MSG,
  offerIdsSchema,
  offerListQuerySchema,
  offerListResponseSchema,
  offerSettingsSchema,
  offerTemplateKindParamsSchema,
  offerTemplateSchema,
  offerTemplatesResponseSchema,
  parentOfferResponseSchema,
  signOfferSchema,
} from '@psb/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { binaryResponse } from '../../../lib/binary-response';
import { contentDisposition } from '../../../lib/content-disposition';
import { HttpError, notFound } from '../../../lib/http-error';
import { idParamsSchema } from '../../../lib/ids';
import { sendRaw } from '../../../lib/raw-reply';
import { bearerSecurity, errorResponses, staffRouteOptions } from '../../../lib/route-options';
import { kickDelivery } from '../../content';
import { declineOffer, parentOffer, signOffer } from './answer';
import { expireDueOffers, forEveryTenant, remindDueOffers } from './jobs';
import { offerTemplates, saveOfferTemplate } from './message';
import { agreementPdf } from './pdf';
import { reissueOffers, remindOffers } from './reissue';
import { saveOfferSettings } from './settings';
import { extendOffers, listOffers } from './staff';

const { read, update, tags, security, errors } = staffRouteOptions('Kelulusan', 'offers');
const parent = { access: 'user' } as const;
const pdf = { 200: binaryResponse('The signed agreement', ['application/pdf']), ...errors };

const sendPdf = (reply: FastifyReply, file: { pdf: Buffer; fileName: string }) =>
  sendRaw(
    reply,
    {
      'content-type': 'application/pdf',
      'content-disposition': contentDisposition(file.fileName),
      'cache-control': 'no-store',
    },
    file.pdf,
  );

/**
 * Offers of a seat: the parent answers (signs the agreement or declines), staff follow a period's offers,
 * extend deadlines and set the period's rules; unanswered offers expire every minute.
 */
const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const thenDeliver = async (run: Parameters<typeof forEveryTenant>[1]) => {
    for (const { tenantId, done } of await forEveryTenant(ctx.pool, run))
      if (done) void kickDelivery(ctx.jobs, tenantId);
  };
  ctx.jobs.every('offers.expire', '* * * * *', () => thenDeliver(expireDueOffers));
  ctx.jobs.every('offers.remind', '*/5 * * * *', () => thenDeliver(remindDueOffers));

  app.get(
    '/registrant/offer/:id',
    {
      config: parent,
      schema: {
        tags,
        summary: "The parent's offer of a seat (with the agreement to sign) or their reserve rank",
        security: bearerSecurity,
        params: idParamsSchema,
        response: { 200: parentOfferResponseSchema, ...errorResponses },
      },
    },
    async (req) => ({
      success: true as const,
      data: await req.db((c) => parentOffer(c, req.auth!, req.params.id)),
    }),
  );

  app.post(
    '/registrant/offer/:id/sign',
    {
      config: parent,
      schema: {
        tags,
        summary:
          'Accept the seat by signing the enrolment agreement (the re-registration bill can be paid after)',
        security: bearerSecurity,
        params: idParamsSchema,
        body: signOfferSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (req) => {
      await req.tx((c) =>
        signOffer(c, req.auth!, req.params.id, { full_name: req.body.full_name, ip: req.ip }),
      );
      return { success: true as const, message: OFFER_MSG.signed };
    },
  );

  app.post(
    '/registrant/offer/:id/decline',
    {
      config: parent,
      schema: {
        tags,
        summary: 'Decline the seat with a reason (the seat goes to the reserve list)',
        security: bearerSecurity,
        params: idParamsSchema,
        body: declineOfferSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (req) => {
      await req.tx((c) => declineOffer(c, req.auth!, req.params.id, req.body));
      void kickDelivery(ctx.jobs, req.tenant.id);
      return { success: true as const, message: OFFER_MSG.declined };
    },
  );

  app.get(
    '/registrant/offer/:id/agreement',
    {
      config: parent,
      schema: {
        tags,
        summary: "The signed enrolment agreement (PDF) of the parent's registrant",
        security: bearerSecurity,
        params: idParamsSchema,
        produces: ['application/pdf'],
        response: pdf,
      },
    },
    async (req, reply) => {
      const file = await req.db(async (c) => {
        const own = await c.db
          .selectFrom('registrants')
          .select('id')
          .where('tenant_id', '=', c.tenantId)
          .where('id', '=', req.params.id)
          .where('user_id', '=', req.auth!.user.id)
          .executeTakeFirst();
        if (!own) throw notFound();
        return agreementPdf(c, req.params.id, req.tenant.themeColor, req.tenant.name);
      });
      if (!file) throw new HttpError(409, OFFER_MSG.noAgreement);
      return sendPdf(reply, file);
    },
  );

  app.get(
    '/registrants/offers',
    {
      config: read,
      schema: {
        tags,
        summary: "A period's offers with the count of every state, filtered by state or name",
        security,
        querystring: offerListQuerySchema,
        response: { 200: offerListResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, ...(await req.db((c) => listOffers(c, req.query))) }),
  );

  app.post(
    '/registrants/offers/extend',
    {
      config: update,
      schema: {
        tags,
        summary: 'Move the deadline of open offers to the end of a later day (audited, the families told)',
        security,
        body: extendOffersSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      const n = await req.tx((c) =>
        extendOffers(c, req.auth!.user.id, req.body.offer_ids, req.body.deadline),
      );
      void kickDelivery(ctx.jobs, req.tenant.id);
      return { success: true as const, message: `${OFFER_MSG.extended} (${n} penawaran)` };
    },
  );

  app.post(
    '/registrants/offers/reissue',
    {
      config: update,
      schema: {
        tags,
        summary:
          'Open expired offers again with a new deadline (their seats taken back; audited, the families told)',
        security,
        body: offerIdsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      const n = await req.tx((c) => reissueOffers(c, req.auth!.user.id, req.body.offer_ids));
      void kickDelivery(ctx.jobs, req.tenant.id);
      return { success: true as const, message: `${OFFER_MSG.reissued} (${n} penawaran)` };
    },
  );

  app.post(
    '/registrants/offers/remind',
    {
      config: update,
      schema: {
        tags,
        summary: 'Remind the families of open offers (at most once a day per offer; audited)',
        security,
        body: offerIdsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      const n = await req.tx((c) => remindOffers(c, req.auth!.user.id, req.body.offer_ids));
      void kickDelivery(ctx.jobs, req.tenant.id);
      return { success: true as const, message: `${OFFER_MSG.reminded} (${n} keluarga)` };
    },
  );

  app.get(
    '/registrants/offers/templates',
    {
      config: read,
      schema: {
        tags,
        summary: "The school's texts of every offer message (the offer, reminders, expiry, re-registration)",
        security,
        response: { 200: offerTemplatesResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await req.db((c) => offerTemplates(c)) }),
  );

  app.put(
    '/registrants/offers/templates/:kind',
    {
      config: update,
      schema: {
        tags,
        summary: 'Save the text of one offer message (unknown placeholders are refused)',
        security,
        params: offerTemplateKindParamsSchema,
        body: offerTemplateSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await req.tx((c) => saveOfferTemplate(c, req.params.kind, req.body));
      return { success: true as const, message: OFFER_MSG.templateSaved };
    },
  );

  app.put(
    '/registrants/offers/settings',
    {
      config: update,
      schema: {
        tags,
        summary: "A period's offer rules: days to answer, and whether freed seats refill by themselves",
        security,
        body: offerSettingsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      const { school_period_id, ...s } = req.body;
      const saved = await req.tx((c) => saveOfferSettings(c, school_period_id, s));
      if (!saved) throw notFound();
      return { success: true as const, message: OFFER_MSG.saved };
    },
  );

  app.get(
    '/registrants/offers/:id/agreement',
    {
      config: read,
      schema: {
        tags,
        summary:
          "A registrant's signed enrolment agreement (PDF), for staff (unsigned: the text marked unsigned)",
        security,
        params: idParamsSchema,
        produces: ['application/pdf'],
        response: pdf,
      },
    },
    async (req, reply) => {
      const file = await req.db(async (c) => {
        // A registrant the role's schools hide is not found; a visible one without a signature is not yet.
        const seen = await c.db
          .selectFrom('registrants')
          .select('id')
          .where('tenant_id', '=', c.tenantId)
          .where('id', '=', req.params.id)
          .executeTakeFirst();
        if (!seen) throw notFound();
        return agreementPdf(c, req.params.id, req.tenant.themeColor, req.tenant.name, true);
      });
      if (!file) throw new HttpError(409, OFFER_MSG.noAgreement);
      return sendPdf(reply, file);
    },
  );
};

export default offerRoutes;
