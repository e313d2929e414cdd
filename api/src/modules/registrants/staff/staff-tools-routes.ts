import {
  duplicatesResponseSchema,
  registrantAdminQuerySchema,
  STAFF_ANSWER_MSG,
  staffAnswersResponseSchema,
  staffAnswersSchema,
} from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StorageAdapter } from '../../../integrations/storage';
import { binaryResponse } from '../../../lib/binary-response';
import { idParamsSchema } from '../../../lib/ids';
import { staffRouteOptions } from '../../../lib/route-options';
import { contextOf } from '../../../service-context';
import { maySeeSensitive } from '../../master-data';
import { editAnswers } from './answer-edit';
import { possibleDuplicates } from './duplicates-service';
import { photosZip, sendPhotosZip } from './photo-export';

const { tags, security, errors, read, update } = staffRouteOptions('Calon Murid', 'registrants (staff)');

export interface StaffToolOptions {
  storage: StorageAdapter;
}

/** Possible duplicates, answers edited by staff and the photos export (the role's schools only). */
const registrantStaffToolRoutes: FastifyPluginAsyncZod<StaffToolOptions> = async (app, { storage }) => {
  app.get(
    '/registrant/duplicates/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'Live registrants that may be the same child (same name and birth date, or same parent)',
        security,
        params: idParamsSchema,
        response: { 200: duplicatesResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await req.db((c) => possibleDuplicates(c, req.params.id, maySeeSensitive(req.auth!))),
    }),
  );

  // PUT /registrant/{id} is the client's name for the same correction.
  for (const url of ['/registrant/answer/:id', '/registrant/:id'])
    app.put(
      url,
      {
        config: update,
        schema: {
          tags,
          summary: `Staff correct a registrant's answers under the form's rules (audited old → new)${url === '/registrant/:id' ? '; the same as PUT /registrant/answer/{id}' : ''}`,
          security,
          params: idParamsSchema,
          body: staffAnswersSchema,
          response: { 200: staffAnswersResponseSchema, ...errors },
        },
      },
      async (req) => {
        const changed = await req.tx((c) => editAnswers(c, req.auth!, req.params.id, req.body.data));
        return {
          success: true as const,
          message: changed.length ? STAFF_ANSWER_MSG.saved : STAFF_ANSWER_MSG.unchanged,
          changed,
        };
      },
    );

  app.get(
    '/registrants/export/photo/admin',
    {
      config: read,
      schema: {
        tags,
        summary: 'The photos of the filtered list as one zip, "<registration number> - <name>" per file',
        security,
        querystring: registrantAdminQuerySchema.omit({ page: true, limit: true }),
        response: { 200: binaryResponse('The photos zip', ['application/zip']), ...errors },
      },
    },
    async (req, reply) => sendPhotosZip(reply, await photosZip(contextOf(req), storage, req.query)),
  );
};

export default registrantStaffToolRoutes;
