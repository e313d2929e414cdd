import {
  activeYearResponseSchema,
  errorResponseSchema,
  firstPageResponseSchema,
  publicSchoolPeriodsResponseSchema,
  publicStatusResponseSchema,
  themeResponseSchema,
} from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { JSON_TEXT, sendRaw } from '../../lib/raw-reply';
import { contextOf } from '../../service-context';
import {
  activeYear,
  createBodyCache,
  firstPageJson,
  publicSchoolPeriods,
  publicStatus,
  themeConfig,
} from './service';

const tags = ['public'];

/** Public content of a tenant: no sign-in needed. */
const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  const firstPageCache = createBodyCache(app.ctx.firstPageCacheMs);
  app.get(
    '/public/theme',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Theme colour of the tenant (applied by the apps on their next load)',
        response: { 200: themeResponseSchema, '4xx': errorResponseSchema },
      },
    },
    // Staff set the colour in Konfigurasi; the tenant's colour from its creation is the fallback.
    async (req) => ({ success: true as const, theme: (await req.db(themeConfig)) ?? req.tenant.themeColor }),
  );

  app.get(
    '/public/first_page',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Home page content, active school year and the parent role permissions',
        response: { 200: firstPageResponseSchema, '4xx': errorResponseSchema },
      },
    },
    async (req, reply) => {
      const page = await firstPageCache(req.tenant.id, () => req.db(firstPageJson));
      // Public, identical for every visitor of a tenant: browsers and proxies may keep it briefly.
      reply
        .header('cache-control', 'public, max-age=30')
        .header('vary', 'X-Tenant')
        .header('etag', page.etag);
      // The body is JSON text serialised by the database (see firstPageJson), sent as it is.
      if (req.headers['if-none-match'] === page.etag) return sendRaw(reply.status(304), {});
      return sendRaw(reply, { 'content-type': JSON_TEXT }, page.body);
    },
  );

  app.get(
    '/public/status',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Whether registration is open, the current wait at the password steps and the school’s message',
        response: { 200: publicStatusResponseSchema, '4xx': errorResponseSchema },
      },
    },
    async (req, reply) => {
      // The wait changes by the second: never kept by a browser or a proxy.
      reply.header('cache-control', 'no-store');
      return publicStatus(app, contextOf(req));
    },
  );

  app.get(
    '/public/active_year',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The active school year',
        response: { 200: activeYearResponseSchema, '4xx': errorResponseSchema },
      },
    },
    async (req) => ({ success: true as const, school_year: await req.db(activeYear) }),
  );

  app.get(
    '/public/school_period',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Registration periods of the active school year',
        response: { 200: publicSchoolPeriodsResponseSchema, '4xx': errorResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await req.db(publicSchoolPeriods) }),
  );
};

export default publicRoutes;
