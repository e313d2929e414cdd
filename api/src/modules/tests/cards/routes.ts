import { TEST_CARD_MSG, testBulkPublishSchema, testPublishResponseSchema } from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { StorageAdapter } from '../../../integrations/storage';
import { writeAudit } from '../../../lib/audit';
import { binaryResponse } from '../../../lib/binary-response';
import { contentDisposition } from '../../../lib/content-disposition';
import { HttpError, notFound } from '../../../lib/http-error';
import { idSchema } from '../../../lib/ids';
import { sendRaw } from '../../../lib/raw-reply';
import { staffRouteOptions } from '../../../lib/route-options';
import { publishCards } from '../../registrants';
import { findRegistrant } from './repository';
import { parentCard, sessionCards, staffCard } from './service';

export interface TestCardOptions {
  storage: StorageAdapter;
}

const { read, update, tags, security, errors } = staffRouteOptions('Kartu Tes', 'test-cards');
const params = z.object({ id: idSchema });
const pdfResponse = { 200: binaryResponse('The test card(s)', ['application/pdf']), ...errors };

/**
 * Test cards (Kartu Tes): staff print a registrant's card or a whole session's, and publish cards so that
 * parents can download theirs; until then the parent's download answers 403.
 */
const testCardRoutes: FastifyPluginAsyncZod<TestCardOptions> = async (app, { storage }) => {
  const ctxOf = (req: { tenant: { themeColor: string; name: string } }) => ({
    storage,
    themeColor: req.tenant.themeColor,
    author: req.tenant.name,
  });

  app.post(
    '/registrant/publish/test_announcement/:id',
    {
      config: update,
      schema: {
        tags,
        summary: "Publish a registrant's test card (the registrant must have a seat)",
        security,
        params,
        response: { 200: testPublishResponseSchema, ...errors },
      },
    },
    async (req) => {
      const userId = req.auth!.user.id;
      await req.tx(async (c) => {
        if (!(await findRegistrant(c.db, c.tenantId, req.params.id))) throw notFound();
        const done = await publishCards(c.db, c.tenantId, userId, { registrants: [req.params.id] });
        if (done.length === 0) throw new HttpError(409, TEST_CARD_MSG.noSeat);
        await writeAudit(c, {
          userId,
          action: 'registrant.publish_test_announcement',
          resource: 'registrants',
          recordId: req.params.id,
          before: null,
          after: { published: true },
        });
      });
      return { success: true as const, message: TEST_CARD_MSG.published, published: 1 };
    },
  );

  app.put(
    '/registrant/publish/test_bulk',
    {
      config: update,
      schema: {
        tags,
        summary: 'Publish the test cards of a session, or of the given registrants (seated ones only)',
        security,
        body: testBulkPublishSchema,
        response: { 200: testPublishResponseSchema, ...errors },
      },
    },
    async (req) => {
      const userId = req.auth!.user.id;
      const ids = await req.tx(async (c) => {
        const done = await publishCards(c.db, c.tenantId, userId, {
          session: req.body.mst_test_detail_id,
          registrants: req.body.registrant_ids,
        });
        await writeAudit(c, {
          userId,
          action: 'registrant.publish_test_bulk',
          resource: 'registrants',
          recordId: null,
          before: null,
          after: { ...req.body, published: done.length },
        });
        return done;
      });
      return {
        success: true as const,
        message: TEST_CARD_MSG.bulkPublished(ids.length),
        published: ids.length,
      };
    },
  );

  app.get(
    '/registrant_tests/card/:id',
    {
      config: read,
      schema: {
        tags,
        summary: "A registrant's test card (the id is the registrant), PDF",
        security,
        params,
        response: pdfResponse,
      },
    },
    async (req, reply) => {
      const { pdf, number } = await req.db((c) => staffCard(c, ctxOf(req), req.params.id));
      return sendRaw(
        reply,
        {
          'content-type': 'application/pdf',
          'content-disposition': contentDisposition(`Kartu Tes ${number}.pdf`),
        },
        pdf,
      );
    },
  );

  app.get(
    '/registrant_tests/cards/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'Every test card of a session (the id is the session) in one PDF, one page each',
        security,
        params,
        response: pdfResponse,
      },
    },
    async (req, reply) => {
      const { pdf, name } = await req.db((c) => sessionCards(c, ctxOf(req), req.params.id));
      return sendRaw(
        reply,
        {
          'content-type': 'application/pdf',
          'content-disposition': contentDisposition(`Kartu Tes ${name}.pdf`),
        },
        pdf,
      );
    },
  );

  app.get(
    '/registrant/test_card/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The parent's own test card once published (403 before, 404 when not theirs)",
        security,
        params,
        response: pdfResponse,
      },
    },
    async (req, reply) => {
      const { pdf, number } = await req.db((c) =>
        parentCard(c, ctxOf(req), req.auth!.user.id, req.params.id),
      );
      return sendRaw(
        reply,
        {
          'content-type': 'application/pdf',
          'content-disposition': contentDisposition(`Kartu Tes ${number}.pdf`),
          'cache-control': 'private, no-store',
        },
        pdf,
      );
    },
  );
};

export default testCardRoutes;
