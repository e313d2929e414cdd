import {
  audienceSchema,
  deliveryLogQuerySchema,
  deliveryLogResponseSchema,
  inboxResponseSchema,
  markReadSchema,
  messageResponseSchema,
  NOTIFICATION_KIND_INFO,
  NOTIFICATION_KINDS,
  notificationPreviewResponseSchema,
  notificationTemplateResponseSchema,
  notificationTemplateSchema,
  sendNotificationResponseSchema,
  sendNotificationSchema,
} from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffRouteOptions } from '../../../lib/route-options';
import { contextOf } from '../../../service-context';
import { defineDelivery } from './delivery';
import * as service from './service';

const log = staffRouteOptions('Notifikasi (Jadwal Tes/Observasi)', 'notifications');
const { tags, security, errors } = log;

/**
 * Messages to parents. Per kind (test schedule, graduation; each behind its own Notifikasi module): the
 * template (GET/PUT), a preview of the audience (count + rendered samples) and the send, which enqueues one
 * outbox message per registrant and returns 202 with the job to follow. Also the staff delivery log and the
 * parent's inbox (the bell). Delivery itself is a background job (delivery.ts).
 */
const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  defineDelivery(app);

  for (const kind of NOTIFICATION_KINDS) {
    const { module, sendPath, templatePath, label } = NOTIFICATION_KIND_INFO[kind];
    const { read, update, insert } = staffRouteOptions(module, 'notifications');

    app.get(
      `/${templatePath}`,
      {
        config: read,
        schema: {
          tags,
          summary: `Message template: ${kind}`,
          security,
          response: { 200: notificationTemplateResponseSchema, ...errors },
        },
      },
      async (req) => ({ success: true as const, data: await service.getTemplate(contextOf(req), kind) }),
    );

    app.put(
      `/${templatePath}`,
      {
        config: update,
        schema: {
          tags,
          summary: `Save the message template: ${kind} (unknown placeholders are refused)`,
          security,
          body: notificationTemplateSchema,
          response: { 200: notificationTemplateResponseSchema, ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        data: await service.putTemplate(contextOf(req), kind, req.body),
      }),
    );

    app.post(
      `/${sendPath}/preview`,
      {
        config: read,
        schema: {
          tags,
          summary: `How many registrants a ${kind} message would reach, with rendered samples`,
          security,
          body: audienceSchema,
          response: { 200: notificationPreviewResponseSchema, ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        data: await service.preview(contextOf(req), kind, req.body),
      }),
    );

    app.post(
      `/${sendPath}`,
      {
        config: insert,
        schema: {
          tags,
          summary: `Send the ${kind} message to the filtered registrants (a background job)`,
          security,
          body: sendNotificationSchema,
          response: { 202: sendNotificationResponseSchema, ...errors },
        },
      },
      async (req, reply) => {
        const data = await service.send(contextOf(req), kind, req.body);
        return reply.status(202).send({
          success: true as const,
          message: `Notifikasi ${label} untuk ${data.count} calon murid sedang dikirim.`,
          data,
        });
      },
    );
  }

  app.get(
    '/notifications/log',
    {
      config: log.read,
      schema: {
        tags,
        summary: 'Delivery log: the latest messages with status, attempts and the reason of a failure',
        security,
        querystring: deliveryLogQuerySchema,
        response: { 200: deliveryLogResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await service.deliveryLog(contextOf(req), req.query) }),
  );

  app.get(
    '/notifications',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The caller's messages (newest first) and how many are unread",
        security,
        response: { 200: inboxResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await service.parentInbox(contextOf(req)) }),
  );

  app.put(
    '/notifications/read',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Mark the caller's messages as read (the given ids, or all)",
        security,
        body: markReadSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await service.markRead(contextOf(req), req.body.ids);
      return { success: true as const, message: 'Pesan ditandai sudah dibaca.' };
    },
  );
};

export default notificationRoutes;
