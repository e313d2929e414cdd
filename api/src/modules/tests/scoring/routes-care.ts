import {
  counsellingBodySchema,
  counsellingResponseSchema,
  healthDataBodySchema,
  healthDataResponseSchema,
  TEST_SCORE_MSG,
} from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { writeAudit } from '../../../lib/audit';
import { errors, params, read, security, tags, update } from './route-options';
import { readCounselling, readHealthData, saveCounselling, saveHealthData } from './service-care';

/**
 * Health data and counselling notes, one row per registrant (the path's id is the registrant), read and saved
 * from the scoring screen. Both follow the registrant's school scope.
 */
const careRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/registrant_health_data/:id',
    {
      config: read,
      schema: {
        tags,
        summary: "A registrant's health data (every field null until first saved)",
        security,
        params,
        response: { 200: healthDataResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await req.db((c) => readHealthData(c, req.params.id)) }),
  );

  app.put(
    '/registrant_health_data/:id',
    {
      config: update,
      schema: {
        tags,
        summary: "Save a registrant's health data; fields left out stay as they are",
        security,
        params,
        body: healthDataBodySchema,
        response: { 200: healthDataResponseSchema, ...errors },
      },
    },
    async (req) => {
      const userId = req.auth!.user.id;
      const data = await req.tx(async (c) => {
        const { before, after } = await saveHealthData(c, userId, req.params.id, req.body);
        await writeAudit(c, {
          userId,
          action: 'registrant_health_data.update',
          resource: 'registrant_health_data',
          recordId: req.params.id,
          before,
          after,
        });
        return after;
      });
      return { success: true as const, message: TEST_SCORE_MSG.healthSaved, data };
    },
  );

  app.get(
    '/registrant_bimbingan_konseling/:id',
    {
      config: read,
      schema: {
        tags,
        summary: "A registrant's counselling notes (every field null until first saved)",
        security,
        params,
        response: { 200: counsellingResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await req.db((c) => readCounselling(c, req.params.id)) }),
  );

  app.put(
    '/registrant_bimbingan_konseling/:id',
    {
      config: update,
      schema: {
        tags,
        summary: "Save a registrant's counselling notes; fields left out stay as they are",
        security,
        params,
        body: counsellingBodySchema,
        response: { 200: counsellingResponseSchema, ...errors },
      },
    },
    async (req) => {
      const userId = req.auth!.user.id;
      const data = await req.tx(async (c) => {
        const { before, after } = await saveCounselling(c, userId, req.params.id, req.body);
        await writeAudit(c, {
          userId,
          action: 'registrant_bimbingan_konseling.update',
          resource: 'registrant_bimbingan_konseling',
          recordId: req.params.id,
          before,
          after,
        });
        return after;
      });
      return { success: true as const, message: TEST_SCORE_MSG.counsellingSaved, data };
    },
  );
};

export default careRoutes;
