import {
  APPOINTMENT_MSG,
  appointmentBookResponseSchema,
  appointmentBookSchema,
  appointmentDayQuerySchema,
  appointmentDayResponseSchema,
  appointmentKindParamsSchema,
  appointmentSlotCreateSchema,
  appointmentSlotListQuerySchema,
  appointmentSlotListResponseSchema,
  appointmentSlotResponseSchema,
  messageResponseSchema,
  parentAppointmentsResponseSchema,
} from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { writeAudit } from '../../../lib/audit';
import { idParamsSchema } from '../../../lib/ids';
import { bearerSecurity, errorResponses, staffRouteOptions } from '../../../lib/route-options';
import { defineReminderJob } from './reminders';
import {
  book,
  cancel,
  createSlot,
  daySchedule,
  listSlots,
  move,
  parentAppointments,
  removeSlot,
} from './service';

const { read, insert, remove, tags, security, errors } = staffRouteOptions(
  'Jadwal Tes/Observasi',
  'tests (appointments)',
);
const parent = { access: 'user' } as const;

/**
 * Interview and observation slots: staff publish and remove them and read each day's schedule; the parent
 * books, moves and cancels their child's place.
 */
const appointmentRoutes: FastifyPluginAsyncZod = async (app) => {
  defineReminderJob(app);

  app.post(
    '/appointment_slots',
    {
      config: insert,
      schema: {
        tags,
        summary:
          'Publish an interview or observation slot (WIB time, room or video link, places, booking window)',
        security,
        body: appointmentSlotCreateSchema,
        response: { 201: appointmentSlotResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const userId = req.auth!.user.id;
      const slot = await req.tx(async (c) => {
        const s = await createSlot(c, userId, req.body);
        await writeAudit(c, {
          userId,
          action: 'appointment_slot.create',
          resource: 'appointment_slots',
          recordId: s.id,
          before: null,
          after: s,
        });
        return s;
      });
      return reply.status(201).send({ success: true as const, message: APPOINTMENT_MSG.created, data: slot });
    },
  );

  app.get(
    '/appointment_slots',
    {
      config: read,
      schema: {
        tags,
        summary: "A period's live slots in time order, with the places taken",
        security,
        querystring: appointmentSlotListQuerySchema,
        response: { 200: appointmentSlotListResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await req.db((c) => listSlots(c, req.query.school_period_id, req.query.kind)),
    }),
  );

  app.get(
    '/appointment_slots/day',
    {
      config: read,
      schema: {
        tags,
        summary: "One day's slots of the caller's schools, each with the registrants booked into it",
        security,
        querystring: appointmentDayQuerySchema,
        response: { 200: appointmentDayResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await req.db((c) => daySchedule(c, req.query.date)) }),
  );

  app.delete(
    '/appointment_slots/:id',
    {
      config: remove,
      schema: {
        tags,
        summary: 'Remove a slot nobody has booked (409 while it has bookings)',
        security,
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      const userId = req.auth!.user.id;
      await req.tx(async (c) => {
        await removeSlot(c, req.params.id);
        await writeAudit(c, {
          userId,
          action: 'appointment_slot.delete',
          resource: 'appointment_slots',
          recordId: req.params.id,
          before: null,
          after: null,
        });
      });
      return { success: true as const, message: APPOINTMENT_MSG.deleted };
    },
  );

  app.get(
    '/registrant/appointment/:id',
    {
      config: parent,
      schema: {
        tags,
        summary: "The parent's bookings for their child and the slots still open with places",
        security: bearerSecurity,
        params: idParamsSchema,
        response: { 200: parentAppointmentsResponseSchema, ...errorResponses },
      },
    },
    async (req) => ({
      success: true as const,
      data: await req.db((c) => parentAppointments(c, req.auth!, req.params.id)),
    }),
  );

  app.post(
    '/registrant/appointment/:id',
    {
      config: parent,
      schema: {
        tags,
        summary: 'Book a slot for the child (409 when full, closed or already booked for that kind)',
        security: bearerSecurity,
        params: idParamsSchema,
        body: appointmentBookSchema,
        response: { 201: appointmentBookResponseSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      const data = await req.tx((c) => book(c, req.auth!, req.params.id, req.body.appointment_slot_id));
      return reply.status(201).send({ success: true as const, message: APPOINTMENT_MSG.booked, data });
    },
  );

  app.put(
    '/registrant/appointment/:id',
    {
      config: parent,
      schema: {
        tags,
        summary:
          'Move the booking of the slot’s kind to this slot (the old place is kept unless the new is held)',
        security: bearerSecurity,
        params: idParamsSchema,
        body: appointmentBookSchema,
        response: { 200: appointmentBookResponseSchema, ...errorResponses },
      },
    },
    async (req) => {
      const data = await req.tx((c) => move(c, req.auth!, req.params.id, req.body.appointment_slot_id));
      return { success: true as const, message: APPOINTMENT_MSG.moved, data };
    },
  );

  app.delete(
    '/registrant/appointment/:id/:kind',
    {
      config: parent,
      schema: {
        tags,
        summary: 'Cancel the booking of one kind (until the cut-off staff set)',
        security: bearerSecurity,
        params: appointmentKindParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (req) => {
      await req.tx((c) => cancel(c, req.auth!, req.params.id, req.params.kind));
      return { success: true as const, message: APPOINTMENT_MSG.cancelled };
    },
  );
};

export default appointmentRoutes;
