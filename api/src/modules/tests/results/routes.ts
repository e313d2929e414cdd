import {
  acceptedStatusOptionsResponseSchema,
  bulkPublishSchema,
  confirmReserveSchema,
  type DocumentKind,
  GRADUATION_MSG,
  graduationListQuerySchema,
  graduationListResponseSchema,
  graduationRecapResponseSchema,
  jobStartedResponseSchema,
  messageResponseSchema,
  type ParentGraduation,
  parentGraduationResponseSchema,
  publishResultSchema,
  reserveProposalsResponseSchema,
  resultDraftSchema,
  staffWithdrawSchema,
} from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TenantConn } from '../../../db/tenant-db';
import type { StorageAdapter } from '../../../integrations/storage';
import { binaryResponse } from '../../../lib/binary-response';
import { contentDisposition } from '../../../lib/content-disposition';
import { idParamsSchema } from '../../../lib/ids';
import { keptPerVersion } from '../../../lib/kept-per-version';
import { sendRaw } from '../../../lib/raw-reply';
import { staffRouteOptions } from '../../../lib/route-options';
import { kickDelivery } from '../../content';
import { definePublishJob, publishMany } from './bulk';
import { graduationExport } from './export';
import { parentGraduation, registrantDocument } from './parent-view';
import { publishOne, saveDraft } from './publish';
import { acceptedStatusOptions, graduationRecap, listGraduation, reserveProposals } from './repository';
import { confirmMove, staffWithdraw } from './reserve';

const { read, update, tags, security, errors } = staffRouteOptions('Kelulusan', 'graduation');
const registrants = staffRouteOptions('Calon Murid', 'graduation');
const recaps = staffRouteOptions('Rekap Murid', 'graduation');
const pdf = { 200: binaryResponse('The PDF', ['application/pdf']), ...errors };

/** Parent documents of the result, by path segment. */
const PARENT_DOCUMENTS: Record<string, DocumentKind> = {
  letter: 'graduation',
  spotc: 'spotc',
  result_card: 'result_card',
};

export interface TestResultOptions {
  storage: StorageAdapter;
}

/** Results and graduation: drafts, publication (single and as a job), the reserve list, recaps, documents. */
const testResultRoutes: FastifyPluginAsyncZod<TestResultOptions> = async (app, opts) => {
  // Results day: every parent opens their result in the same minute (kept until a result or bill changes).
  const resultAnswers = keptPerVersion<ParentGraduation>('results', { entries: 20_000, size: 20_000 });
  const { storage } = opts;
  definePublishJob(app);
  const renderCtx = (req: { tenant: { themeColor: string; name: string } }) => ({
    storage,
    themeColor: req.tenant.themeColor,
    author: req.tenant.name,
  });

  app.get(
    '/registrants/graduation/admin',
    {
      config: read,
      schema: {
        tags,
        summary: 'Registrants past verification with their result (draft or published), filtered and paged',
        security,
        querystring: graduationListQuerySchema,
        response: { 200: graduationListResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, ...(await req.db((c) => listGraduation(c, req.query))) }),
  );

  app.get(
    '/registrants/graduation/statuses',
    {
      config: read,
      schema: {
        tags,
        summary: 'The accepted statuses to choose from, each with its kind (accepted, rejected, reserve)',
        security,
        response: { 200: acceptedStatusOptionsResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await req.db((c) => acceptedStatusOptions(c)) }),
  );

  app.put(
    '/registrant/result/:id',
    {
      config: update,
      schema: {
        tags,
        summary: 'Save a draft result (not shown to the parent until published)',
        security,
        params: idParamsSchema,
        body: resultDraftSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await req.tx((c) => saveDraft(c, req.auth!, req.params.id, req.body));
      return { success: true as const, message: GRADUATION_MSG.draftSaved };
    },
  );

  app.post(
    '/registrant/publish/:id',
    {
      config: update,
      schema: {
        tags,
        summary: 'Publish the result (with this status, or the saved draft) and tell the parent',
        security,
        params: idParamsSchema,
        body: publishResultSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      const told = await req.tx((c) => publishOne(c, req.auth!, req.params.id, req.body ?? {}));
      if (told) void kickDelivery(app.ctx.jobs, req.tenant.id);
      return { success: true as const, message: GRADUATION_MSG.published };
    },
  );

  app.post(
    '/registrant/bulk/publish',
    {
      config: update,
      schema: {
        tags,
        summary: 'Publish the results of many registrants as a background job (progress on the jobs screen)',
        security,
        body: bulkPublishSchema,
        response: { 202: jobStartedResponseSchema, ...errors },
      },
    },
    async (req, reply) =>
      reply.code(202).send({
        success: true as const,
        message: GRADUATION_MSG.bulkStarted,
        data: await publishMany(req, req.body),
      }),
  );

  app.post(
    '/registrant/staff_withdraw/:id',
    {
      config: registrants.update,
      schema: {
        tags,
        summary: 'Record that a registrant withdrew (an accepted one frees a place for the reserve list)',
        security,
        params: idParamsSchema,
        body: staffWithdrawSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await req.tx((c) => staffWithdraw(c, req.auth!, req.params.id, req.body.reason));
      return { success: true as const, message: GRADUATION_MSG.withdrawn };
    },
  );

  app.get(
    '/registrant/reserve/proposals',
    {
      config: read,
      schema: {
        tags,
        summary:
          'Freed places of accepted registrants who withdrew, each with the reserve registrant proposed',
        security,
        response: { 200: reserveProposalsResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await req.db((c) => reserveProposals(c)) }),
  );

  app.post(
    '/registrant/reserve/confirm',
    {
      config: update,
      schema: {
        tags,
        summary: 'Confirm one move: the reserve registrant takes the freed place (accepted, published, told)',
        security,
        body: confirmReserveSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      const told = await req.tx((c) =>
        confirmMove(c, req.auth!, req.body.withdrawn_registrant_id, req.body.registrant_id),
      );
      if (told) void kickDelivery(app.ctx.jobs, req.tenant.id);
      return { success: true as const, message: GRADUATION_MSG.moved };
    },
  );

  app.get(
    '/registrants/graduation/recap',
    {
      config: read,
      schema: {
        tags,
        summary:
          'Results per registration period: accepted, reserve, not accepted, not yet published, withdrawn',
        security,
        querystring: z.strictObject({ school_period_id: idParamsSchema.shape.id.optional() }),
        response: { 200: graduationRecapResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await req.db((c) => graduationRecap(c, req.query.school_period_id)),
    }),
  );

  app.get(
    '/registrants/export/graduation/admin',
    {
      config: read,
      schema: {
        tags,
        summary: 'Graduation spreadsheet (xlsx) of the filtered list',
        security,
        querystring: graduationListQuerySchema.omit({ page: true, per_page: true }),
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: {
          200: binaryResponse('The spreadsheet', [
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          ]),
          ...errors,
        },
      },
    },
    (req, reply) => graduationExport(req, reply, req.query),
  );

  app.get(
    '/registrant/recap/:id',
    {
      config: recaps.read,
      schema: {
        tags,
        summary: "A registrant's form recap (PDF, the school's recap layout)",
        security,
        params: idParamsSchema,
        produces: ['application/pdf'],
        response: pdf,
      },
    },
    async (req, reply) => {
      const file = await req.db((c) =>
        registrantDocument(c, req, renderCtx(req), req.params.id, 'recap', 'Rekap Murid'),
      );
      return sendRaw(
        reply,
        { 'content-type': 'application/pdf', 'content-disposition': contentDisposition(file.fileName) },
        file.pdf,
      );
    },
  );

  app.get(
    '/registrant/graduation/:id',
    {
      // Results day: the parent's sign-in check rides in the same round-trip as the results version.
      config: { access: 'user', checkWithRead: true },
      schema: {
        tags,
        summary: "The result of the parent's registrant once published, with the bills shown at graduation",
        security,
        params: idParamsSchema,
        response: { 200: parentGraduationResponseSchema, ...errors },
      },
    },
    async (req) => {
      const auth = req.auth!;
      const read = (c: TenantConn) => parentGraduation(c, req, req.params.id);
      // A parent's own answer is kept per results version; staff (whose permissions may change) read afresh.
      const data =
        auth.audience === 'user'
          ? await resultAnswers(req, `${auth.user.id}:${req.params.id}`, read)
          : await req.db(read);
      return { success: true as const, data };
    },
  );

  for (const [segment, kind] of Object.entries(PARENT_DOCUMENTS)) {
    app.get(
      `/registrant/graduation/:id/${segment}`,
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: `The ${kind} PDF of the parent's registrant (only once the result is published)`,
          security,
          params: idParamsSchema,
          produces: ['application/pdf'],
          response: pdf,
        },
      },
      async (req, reply) => {
        const file = await req.db((c) => registrantDocument(c, req, renderCtx(req), req.params.id, kind));
        return sendRaw(
          reply,
          {
            'content-type': 'application/pdf',
            'content-disposition': contentDisposition(file.fileName),
            'cache-control': 'no-store',
          },
          file.pdf,
        );
      },
    );
  }
};

export default testResultRoutes;
