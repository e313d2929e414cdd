import {
  ASSIGN_MSG,
  assignJobResponseSchema,
  assignPeriodSchema,
  assignTestResponseSchema,
  assignTestSchema,
  messageResponseSchema,
  registrantTestCreateSchema,
  registrantTestListResponseSchema,
  registrantTestMoveSchema,
  registrantTestQuerySchema,
  registrantTestResponseSchema,
  testScheduleResponseSchema,
} from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../../lib/http-error';
import { idParamsSchema } from '../../../lib/ids';
import { staffRouteOptions } from '../../../lib/route-options';
import { kickDelivery } from '../../content';
import { releaseSeat } from '../seats';
import { defineAssignJobs, jobStatus, startPeriodJob } from './bulk';
import { listRegistrantTests } from './repository';
import { createSeat, moveSeat, restoreSeat, seat } from './seat';
import { assign, assignMessage, staffMaySeeSeats, testSchedule } from './service';

const { read, update, remove, tags, security, errors } = staffRouteOptions(
  'Assign Tes',
  'tests (assignment)',
);

/** Placing registrants in test sessions (by hand, automatically, a whole period as a job) and their schedule. */
const testAssignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  defineAssignJobs(app);

  app.post(
    '/registrant/assign/test',
    {
      config: update,
      schema: {
        tags,
        summary:
          'Seat registrants: into one session by hand (mst_test_detail_id; all or none, moving frees the old seat) or automatically by order of submission',
        security,
        body: assignTestSchema,
        response: { 200: assignTestResponseSchema, ...errors },
      },
    },
    async (req) => {
      const out = await req.tx((c) => assign(c, req.auth!, req.body));
      if (out.placed.length && req.body.send_notification !== false)
        void kickDelivery(app.ctx.jobs, req.tenant.id);
      return {
        success: true as const,
        message: assignMessage(out),
        data: { assigned: out.placed, skipped: out.skipped },
      };
    },
  );

  app.post(
    '/registrant/assign/test/period',
    {
      config: update,
      schema: {
        tags,
        summary: 'Seat every registrant of a period still without a seat, as a background job with progress',
        security,
        body: assignPeriodSchema,
        response: { 202: assignJobResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const started = await startPeriodJob(req, req.body);
      const job = await jobStatus(req, started.job_id);
      return reply.status(202).send({ success: true as const, message: started.message, data: job });
    },
  );

  app.get(
    '/registrant/assign/test/job/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'Progress of a period assignment job',
        security,
        params: idParamsSchema,
        response: { 200: assignJobResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await jobStatus(req, req.params.id) }),
  );

  app.get(
    '/registrant_tests',
    {
      // Read on Assign Tes or on Jadwal Tes/Observasi: checked below.
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'A period’s registrants with their seat of one test type, the counts and the sessions’ seats',
        security,
        querystring: registrantTestQuerySchema,
        response: { 200: registrantTestListResponseSchema, ...errors },
      },
    },
    async (req) => {
      if (!staffMaySeeSeats(req.auth!)) throw forbidden();
      const q = req.query;
      const out = await req.db((c) => listRegistrantTests(c, q));
      return { success: true as const, ...out, page: q.page, page_size: q.page_size };
    },
  );

  app.delete(
    '/registrant_test/:id',
    {
      config: remove,
      schema: {
        tags,
        summary: 'Take a seat away and free it in its session (refused once the sitting has scores)',
        security,
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await req.tx((c) => releaseSeat(c, req.params.id));
      return { success: true as const, message: ASSIGN_MSG.unassigned };
    },
  );

  app.get(
    '/registrant_test/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'One seat: registrant, session, date, WIB times and room (a seat taken away too)',
        security,
        params: idParamsSchema,
        response: { 200: registrantTestResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await req.db((c) => seat(c, req.params.id)) }),
  );

  /** Who seats, and whether the parent is told (default yes, as in the assignment). */
  const seated = (userId: number, send?: boolean) => ({ userId, notify: send ?? true });

  app.post(
    '/registrant_test',
    {
      config: update,
      schema: {
        tags,
        summary:
          'Seat one registrant in a session by hand (as POST /registrant/assign/test with one registrant)',
        security,
        body: registrantTestCreateSchema,
        response: { 201: registrantTestResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { registrant_id: registrantId, mst_test_detail_id: sessionId } = req.body;
      const who = seated(req.auth!.user.id, req.body.send_notification);
      const data = await req.tx((c) => createSeat(c, { ...who, registrantId, sessionId }));
      if (who.notify) void kickDelivery(app.ctx.jobs, req.tenant.id);
      return reply.status(201).send({ success: true as const, message: ASSIGN_MSG.assigned(1), data });
    },
  );

  app.put(
    '/registrant_test/:id',
    {
      config: update,
      schema: {
        tags,
        summary: 'Move a seat to another session of its test type (refused once scored)',
        security,
        params: idParamsSchema,
        body: registrantTestMoveSchema,
        response: { 200: registrantTestResponseSchema, ...errors },
      },
    },
    async (req) => {
      const who = seated(req.auth!.user.id, req.body.send_notification);
      const sessionId = req.body.mst_test_detail_id;
      const data = await req.tx((c) => moveSeat(c, req.params.id, { ...who, sessionId }));
      if (who.notify) void kickDelivery(app.ctx.jobs, req.tenant.id);
      return { success: true as const, message: ASSIGN_MSG.assigned(1), data };
    },
  );

  app.post(
    '/registrant_test/restore/:id',
    {
      config: update,
      schema: {
        tags,
        summary:
          'Give a seat taken away back in its session (a new seat; 409 when the registrant holds another of the type)',
        security,
        params: idParamsSchema,
        response: { 200: registrantTestResponseSchema, ...errors },
      },
    },
    async (req) => {
      const who = seated(req.auth!.user.id);
      const data = await req.tx((c) => restoreSeat(c, req.params.id, who));
      void kickDelivery(app.ctx.jobs, req.tenant.id);
      return { success: true as const, message: ASSIGN_MSG.restored, data };
    },
  );

  app.get(
    '/registrant/test_schedule/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'A registrant’s test schedule (date, WIB times, room, what to bring): its parent, or staff',
        security,
        params: idParamsSchema,
        response: { 200: testScheduleResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await req.db((c) => testSchedule(c, req.auth!, req.params.id)),
    }),
  );
};

export default testAssignmentRoutes;
