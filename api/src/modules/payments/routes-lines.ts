import {
  BILL_MSG,
  billLineCreateSchema,
  billLineSchema,
  billLineUpdateSchema,
  errorResponseSchema,
  lineResponseSchema,
} from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, idSchema } from '../../lib/ids';
import { contextOf } from '../../service-context';
import { addLine, lineById, linesOfBill, removeLine, updateLine } from './lines';
import { editBillLines } from './service';

const tags = ['payments (staff)'];
const security = [{ bearerAuth: [] }];
const errors = { '4xx': errorResponseSchema };
const M = 'Pembayaran' as const;

/**
 * The lines of a bill (registrant_detail_payment): read, and while nothing is paid on the bill add, change
 * and remove — the bill's total, installments and history follow (lines.ts).
 */
const billLineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/registrant_detail_payments/:id',
    {
      config: { access: { module: M, action: 'read' } },
      schema: {
        tags,
        summary: 'The lines of one bill (id = the bill)',
        security,
        params: idParamsSchema,
        response: {
          200: z.object({ success: z.literal(true), data: z.array(billLineSchema) }),
          ...errors,
        },
      },
    },
    async (req) => ({ success: true as const, data: await req.db((c) => linesOfBill(c, req.params.id)) }),
  );

  app.get(
    '/registrant_detail_payment',
    {
      config: { access: { module: M, action: 'read' } },
      schema: {
        tags,
        summary: 'The lines of one bill, named in the query (the same as /registrant_detail_payments/{id})',
        security,
        querystring: z.strictObject({ registrant_header_payment_id: idSchema }),
        response: {
          200: z.object({ success: z.literal(true), data: z.array(billLineSchema) }),
          ...errors,
        },
      },
    },
    async (req) => ({
      success: true as const,
      data: await req.db((c) => linesOfBill(c, req.query.registrant_header_payment_id)),
    }),
  );

  app.get(
    '/registrant_detail_payment/:id',
    {
      config: { access: { module: M, action: 'read' } },
      schema: {
        tags,
        summary: 'One line of a bill',
        security,
        params: idParamsSchema,
        response: { 200: z.object({ success: z.literal(true), data: billLineSchema }), ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await req.db((c) => lineById(c, req.params.id)) }),
  );

  app.post(
    '/registrant_detail_payment',
    {
      config: { access: { module: M, action: 'insert' } },
      schema: {
        tags,
        summary: 'Add a line to an unpaid bill (total and installments recounted, history written)',
        security,
        body: billLineCreateSchema,
        response: { 201: lineResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const data = await editBillLines(contextOf(req), req.body.header_id, (c) =>
        addLine(c, req.body, req.auth!.user.id),
      );
      return reply.code(201).send({ success: true as const, message: BILL_MSG.lineAdded, data });
    },
  );

  app.put(
    '/registrant_detail_payment/:id',
    {
      config: { access: { module: M, action: 'update' } },
      schema: {
        tags,
        summary: "Change a line's name or amount on an unpaid bill",
        security,
        params: idParamsSchema,
        body: billLineUpdateSchema,
        response: { 200: lineResponseSchema, ...errors },
      },
    },
    async (req) => {
      const line = await req.db((c) => lineById(c, req.params.id));
      const data = await editBillLines(contextOf(req), line.header_id, (c) =>
        updateLine(c, req.params.id, req.body, req.auth!.user.id),
      );
      return { success: true as const, message: BILL_MSG.lineSaved, data };
    },
  );

  app.delete(
    '/registrant_detail_payment/:id',
    {
      config: { access: { module: M, action: 'delete' } },
      schema: {
        tags,
        summary: 'Remove a line from an unpaid bill (never its last one)',
        security,
        params: idParamsSchema,
        response: { 200: lineResponseSchema, ...errors },
      },
    },
    async (req) => {
      const line = await req.db((c) => lineById(c, req.params.id));
      const data = await editBillLines(contextOf(req), line.header_id, (c) =>
        removeLine(c, req.params.id, req.auth!.user.id),
      );
      return { success: true as const, message: BILL_MSG.lineDeleted, data };
    },
  );
};

export default billLineRoutes;
