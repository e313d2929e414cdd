import { optionsResponseSchema } from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../../lib/ids';
import { staffRouteOptions } from '../../../lib/route-options';
import { contextOf } from '../../../service-context';
import { classesOfSchool, visiblePeriods, visibleSchools } from './repository';
import { refreshUsedQuota } from './service';

const schools = staffRouteOptions('Sekolah', 'schools');
const periods = staffRouteOptions('Periode Pendaftaran', 'school_periods');
const classes = staffRouteOptions('Kelas', 'mst_classes');
const classPeriods = staffRouteOptions('Kelas - Periode Pendaftaran', 'class_periods');
const { security, errors } = schools;
const response = { 200: optionsResponseSchema, ...errors };
const blank = (v: unknown) => (v === '' ? undefined : v);
const TRUE = new Set(['true', '1']);

/** Lookups of Manajemen Sekolah next to the engine (pickers and the registrant flow). */
const schoolRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/school/relation',
    {
      config: schools.read,
      schema: {
        tags: schools.tags,
        summary: 'Live schools the caller may see (pickers)',
        security,
        response,
      },
    },
    async (req) => ({
      success: true as const,
      data: await req.db((c) => visibleSchools(c.db, c.tenantId)),
    }),
  );

  app.get(
    '/school_period/now',
    {
      config: periods.read,
      schema: {
        tags: periods.tags,
        summary: 'Registration periods open today (WIB): active and today within their dates',
        security,
        response,
      },
    },
    async (req) => ({
      success: true as const,
      data: await req.db((c) => visiblePeriods(c.db, c.tenantId, { openToday: true })),
    }),
  );

  app.get(
    '/school_period/param',
    {
      config: periods.read,
      schema: {
        tags: periods.tags,
        summary:
          'Live periods by school_id, location (school location id or name), is_class_active (has an active class quota) and school_year (id or name)',
        security,
        querystring: z.object({
          school_id: z.preprocess(blank, idSchema.optional()),
          location: z.preprocess(blank, z.string().max(150).optional()),
          is_class_active: z.preprocess(blank, z.enum(['true', 'false', '1', '0']).optional()),
          school_year: z.preprocess(blank, z.string().max(50).optional()),
        }),
        response,
      },
    },
    async (req) => {
      const q = req.query;
      const data = await req.db((c) =>
        visiblePeriods(c.db, c.tenantId, {
          schoolId: q.school_id,
          location: q.location,
          schoolYear: q.school_year,
          classActive: q.is_class_active === undefined ? undefined : TRUE.has(q.is_class_active),
        }),
      );
      return { success: true as const, data };
    },
  );

  app.get(
    '/school_periods/relation',
    {
      config: periods.read,
      schema: {
        tags: periods.tags,
        summary: 'Live periods with school and school year names (pickers)',
        security,
        response,
      },
    },
    async (req) => ({
      success: true as const,
      data: await req.db((c) => visiblePeriods(c.db, c.tenantId)),
    }),
  );

  app.get(
    '/mst_class/school',
    {
      config: classes.read,
      schema: {
        tags: classes.tags,
        summary: 'Live active classes of a school (through their grade; classes of shared grades included)',
        security,
        querystring: z.object({ school_id: idSchema }),
        response,
      },
    },
    async (req) => {
      const data = await req.db((c) => classesOfSchool(c.db, c.tenantId, req.query.school_id));
      return { success: true as const, data };
    },
  );

  app.post(
    '/class_period/refresh_quota',
    {
      config: classPeriods.update,
      schema: {
        tags: classPeriods.tags,
        summary: 'Recount used_quota of the class quotas (optionally of one period)',
        security,
        body: z.object({ school_period_id: idSchema.optional() }).nullish(),
        response: {
          200: z.object({ success: z.literal(true), message: z.string(), updated: z.number().int() }),
          ...errors,
        },
      },
    },
    async (req) => {
      const updated = await refreshUsedQuota(contextOf(req), req.body?.school_period_id ?? null);
      return { success: true as const, message: 'Kuota terpakai berhasil dihitung ulang.', updated };
    },
  );
};

export default schoolRoutes;
