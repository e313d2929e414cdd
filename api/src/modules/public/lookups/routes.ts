import {
  normalizeVoucher,
  periodClassesResponseSchema,
  publicSchoolsResponseSchema,
  VOUCHER_MSG,
} from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../../lib/http-error';
import { idSchema } from '../../../lib/ids';
import { errorResponses } from '../../../lib/route-options';
import { classesOfPeriod, classesOfSchool, schoolsOpenToday, voucherByCode } from './repository';

/** A voucher code as stored, or null when none was given. */
const voucherOf = (token: string | undefined) => (token?.trim() ? normalizeVoucher(token) : null);

/** Public lookups of the parent's registrant form. */
const publicLookupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/school',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        summary:
          'Schools with a registration period open today (with a voucher: the ones it is valid for; an unknown code is 400)',
        querystring: z.object({ token: z.string().max(100).optional() }),
        response: { 200: publicSchoolsResponseSchema, ...errorResponses },
      },
    },
    async (req) => {
      const token = voucherOf(req.query.token);
      const data = await req.db(async (c) => {
        // A mistyped code must say so, not look like "no school is open".
        if (token !== null && !(await voucherByCode(c.db, c.tenantId, token)))
          throw new HttpError(400, VOUCHER_MSG.invalid, { token: VOUCHER_MSG.invalid });
        return schoolsOpenToday(c.db, c.tenantId, token);
      });
      return { success: true as const, data };
    },
  );

  app.get(
    '/public/mst_class',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        summary: 'Active classes of a school (by school name), for the registrant form',
        querystring: z.object({
          school_name: z.string().trim().max(150).optional(),
          token: z.string().max(100).optional(),
          /** With a period: only the classes it offers, with the places left in each. */
          school_period_id: idSchema.optional(),
        }),
        response: { 200: periodClassesResponseSchema, ...errorResponses },
      },
    },
    async (req) => {
      const schoolName = req.query.school_name;
      if (!schoolName) return { success: true as const, data: [] };
      const periodId = req.query.school_period_id;
      if (periodId) {
        const data = await req.db((c) =>
          classesOfPeriod(c.db, c.tenantId, periodId, schoolName, voucherOf(req.query.token)),
        );
        return { success: true as const, data };
      }
      const data = await req.db((c) =>
        classesOfSchool(c.db, c.tenantId, schoolName, voucherOf(req.query.token)),
      );
      return { success: true as const, data };
    },
  );
};

export default publicLookupRoutes;
