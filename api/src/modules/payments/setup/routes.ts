import {
  convenienceFeeCalculateQuerySchema,
  convenienceFeeCalculateResponseSchema,
  publicConvenienceFeesResponseSchema,
  schoolPaymentOverviewQuerySchema,
  schoolPaymentOverviewResponseSchema,
} from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../../lib/ids';
import { staffRouteOptions } from '../../../lib/route-options';
import { contextOf } from '../../../service-context';
import { calculate, overview, publicFees } from './service';

const { read, tags, security, errors } = staffRouteOptions(
  'Pembayaran per Periode Pendaftaran',
  'school_payments',
);

/**
 * Payment setup beyond the engine. The engine serves the CRUD, non-active lists and exports of
 * mst_type_payment(s), mst_payment(s), mst_additional_payment(s), school_payment(s), setup_payment(s) and
 * us/convenience_fee(s); here: the school payment overview, the public admin fees and the fee calculation.
 */
const paymentSetupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/school_payments/admin',
    {
      config: read,
      schema: {
        tags,
        summary:
          'School payments per period and type, with the number of setup lines and the amount billed per class',
        security,
        querystring: schoolPaymentOverviewQuerySchema,
        response: { 200: schoolPaymentOverviewResponseSchema, ...errors },
      },
    },
    async (req) => {
      const result = await overview(contextOf(req), req.query);
      return { success: true as const, ...result, page: req.query.page, page_size: req.query.page_size };
    },
  );

  app.get(
    '/public/us/convenience_fee',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        summary: 'The active admin fee of every payment channel (for the parent’s choice of channel)',
        response: { 200: publicConvenienceFeesResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await publicFees(contextOf(req)) }),
  );

  app.get(
    '/us/convenience_fee/:id/calculate',
    {
      config: { access: 'user' },
      schema: {
        tags: ['us/convenience_fees'],
        summary: 'The admin fee of a bill of total_amount rupiah under this fee, and what is paid in total',
        security,
        params: idParams('id'),
        querystring: convenienceFeeCalculateQuerySchema,
        response: { 200: convenienceFeeCalculateResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await calculate(contextOf(req), req.params.id, req.query.total_amount),
    }),
  );
};

export default paymentSetupRoutes;
