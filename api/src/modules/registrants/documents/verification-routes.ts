import {
  DOCUMENT_MSG,
  documentParamsSchema,
  documentQueueQuerySchema,
  documentQueueResponseSchema,
  documentRequirementsResponseSchema,
  documentRequirementsSchema,
  messageResponseSchema,
  newRejectReasonSchema,
  registrantDocumentsResponseSchema,
  rejectDocumentSchema,
  rejectReasonAddedResponseSchema,
  rejectReasonsResponseSchema,
} from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, idSchema } from '../../../lib/ids';
import { bearerSecurity, errorResponses, staffRouteOptions } from '../../../lib/route-options';
import { contextOf } from '../../../service-context';
import { kickDelivery } from '../../content';
import {
  addRejectReason,
  decideDocument,
  documentQueue,
  registrantDocuments,
  rejectReasons,
  removeRejectReason,
  saveSchoolRequirements,
  schoolRequirements,
} from './verification-service';

const { tags, security, errors, read, update, insert, remove } = staffRouteOptions(
  'Calon Murid',
  'registrants (documents)',
);
const DEFAULT_QUEUE_LIMIT = 50;
const schoolParamsSchema = z.object({ school_id: idSchema });

/**
 * Each document verified on its own: the staff's viewer of one registrant and their queue of waiting
 * documents, accept / reject, the school's required documents and the list of rejection reasons; the parent
 * reads the states of their own registrant's documents.
 */
const documentVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/registrant/documents/:id',
    {
      config: read,
      schema: {
        tags,
        summary: "A registrant's documents: required or not, state, reason and every version",
        security,
        params: idParamsSchema,
        response: { 200: registrantDocumentsResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await req.db((c) => registrantDocuments(c, req.params.id, null)),
    }),
  );

  app.get(
    '/registrant/document_states/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The parent's view of their registrant's documents: state and the reason of a rejection",
        security: bearerSecurity,
        params: idParamsSchema,
        response: { 200: registrantDocumentsResponseSchema, ...errorResponses },
      },
    },
    async (req) => ({
      success: true as const,
      data: await req.db((c) => registrantDocuments(c, req.params.id, req.auth!.user.id)),
    }),
  );

  for (const decision of ['accept', 'reject'] as const)
    app.put(
      `/registrant/documents/:id/:folder/${decision}`,
      {
        config: update,
        schema: {
          tags,
          summary:
            decision === 'accept'
              ? 'Accept the waiting version of a document'
              : 'Reject the waiting version of a document with a reason; the parent is told at once',
          security,
          params: documentParamsSchema,
          ...(decision === 'reject' ? { body: rejectDocumentSchema } : {}),
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (req) => {
        const { id, folder } = req.params;
        if (decision === 'accept') {
          await decideDocument(contextOf(req), id, folder, { state: 'accepted' });
          return { success: true as const, message: DOCUMENT_MSG.accepted };
        }
        const body = rejectDocumentSchema.parse(req.body);
        if (await decideDocument(contextOf(req), id, folder, { state: 'rejected', ...body }))
          void kickDelivery(app.ctx.jobs, req.tenant.id);
        return { success: true as const, message: DOCUMENT_MSG.rejected };
      },
    );

  app.get(
    '/registrants/documents/queue',
    {
      config: read,
      schema: {
        tags,
        summary: 'The documents waiting for verification in the caller’s schools, oldest first',
        security,
        querystring: documentQueueQuerySchema,
        response: { 200: documentQueueResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await req.db((c) => documentQueue(c, req.query.school_id, req.query.limit ?? DEFAULT_QUEUE_LIMIT))),
    }),
  );

  app.get(
    '/registrant/document_requirements/:school_id',
    {
      config: read,
      schema: {
        tags,
        summary: 'The documents a school requires of its registrants',
        security,
        params: schoolParamsSchema,
        response: { 200: documentRequirementsResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await schoolRequirements(contextOf(req), req.params.school_id),
    }),
  );

  app.put(
    '/registrant/document_requirements/:school_id',
    {
      config: update,
      schema: {
        tags,
        summary: 'Set the documents a school requires of its registrants',
        security,
        params: schoolParamsSchema,
        body: documentRequirementsSchema,
        response: { 200: documentRequirementsResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await saveSchoolRequirements(contextOf(req), req.params.school_id, req.body.folders),
    }),
  );

  app.get(
    '/registrant/document_reasons',
    {
      config: read,
      schema: {
        tags,
        summary: 'The reasons a document is rejected with: the defaults and the tenant’s own',
        security,
        response: { 200: rejectReasonsResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await req.db((c) => rejectReasons(c)) }),
  );

  app.post(
    '/registrant/document_reasons',
    {
      config: insert,
      schema: {
        tags,
        summary: 'Add a rejection reason to the tenant’s list',
        security,
        body: newRejectReasonSchema,
        response: {
          201: rejectReasonAddedResponseSchema,
          ...errors,
        },
      },
    },
    async (req, reply) => {
      const data = await req.tx((c) => addRejectReason(c, req.body.label));
      reply.code(201);
      return { success: true as const, message: DOCUMENT_MSG.reasonAdded, data };
    },
  );

  app.delete(
    '/registrant/document_reasons/:id',
    {
      config: remove,
      schema: {
        tags,
        summary: 'Remove one of the tenant’s own rejection reasons',
        security,
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await req.tx((c) => removeRejectReason(c, req.params.id));
      return { success: true as const, message: DOCUMENT_MSG.reasonRemoved };
    },
  );
};

export default documentVerificationRoutes;
