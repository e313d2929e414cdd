import { errorResponseSchema, optionsResponseSchema } from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TenantConn } from '../../db/tenant-db';
import { Params } from '../../engine';
import { writeAudit } from '../../engine/audit';

const security = [{ bearerAuth: [] }];
const response = { 200: optionsResponseSchema, '4xx': errorResponseSchema };
const idText = z.string().regex(/^\d{1,9}$/, 'Id tidak valid.');
const blank = (v: unknown) => (v === '' ? undefined : v);

const PERIOD_COLUMNS = `t.id, t.name, t.school_id, s.name AS school_name, t.school_year_id, y.name AS school_year_name,
  t.start_date, t.end_date, t.quota, t.is_active,
  (t.is_active AND (now() AT TIME ZONE 'Asia/Jakarta')::date BETWEEN t.start_date AND t.end_date) AS is_open`;
const PERIOD_FROM = `school_periods t
  JOIN schools s ON s.tenant_id = t.tenant_id AND s.id = t.school_id
  JOIN school_years y ON y.tenant_id = t.tenant_id AND y.id = t.school_year_id`;

async function periods(c: TenantConn, where: (p: Params) => string[]) {
  const p = new Params(c.tenantId);
  const conds = ['t.tenant_id = $1', 't.deleted_at IS NULL', 's.deleted_at IS NULL', ...where(p)];
  const { rows } = await c.client.query(
    `SELECT ${PERIOD_COLUMNS} FROM ${PERIOD_FROM} WHERE ${conds.join(' AND ')}
     ORDER BY s.name, t.start_date, t.id`,
    p.values,
  );
  return rows as { id: number; name: string }[];
}

/** Lookups of Manajemen Sekolah next to the engine (pickers and the registrant flow). */
const schoolRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/school/relation',
    {
      config: { access: { module: 'Sekolah', action: 'read' } },
      schema: { tags: ['schools'], summary: 'Live schools the caller may see (pickers)', security, response },
    },
    async (req) => {
      const data = await req.db(async (c) => {
        const { rows } = await c.client.query(
          `SELECT t.id, t.name, t.level, t.school_location_id, l.name AS school_location_name
           FROM schools t LEFT JOIN school_locations l ON l.tenant_id = t.tenant_id AND l.id = t.school_location_id
           WHERE t.tenant_id = $1 AND t.deleted_at IS NULL ORDER BY t.name, t.id`,
          [c.tenantId],
        );
        return rows as { id: number; name: string }[];
      });
      return { success: true as const, data };
    },
  );

  app.get(
    '/school_period/now',
    {
      config: { access: { module: 'Periode Pendaftaran', action: 'read' } },
      schema: {
        tags: ['school_periods'],
        summary: 'Registration periods open today (WIB): active and today within their dates',
        security,
        response,
      },
    },
    async (req) => ({
      success: true as const,
      data: await req.db((c) =>
        periods(c, () => [
          't.is_active',
          "(now() AT TIME ZONE 'Asia/Jakarta')::date BETWEEN t.start_date AND t.end_date",
        ]),
      ),
    }),
  );

  app.get(
    '/school_period/param',
    {
      config: { access: { module: 'Periode Pendaftaran', action: 'read' } },
      schema: {
        tags: ['school_periods'],
        summary:
          'Live periods by school_id, location (school location id or name), is_class_active (has an active class quota) and school_year (id or name)',
        security,
        querystring: z.object({
          school_id: z.preprocess(blank, idText.optional()),
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
        periods(c, (p) => {
          const w: string[] = [];
          if (q.school_id) w.push(`t.school_id = ${p.add(Number(q.school_id), 'int')}`);
          if (q.location) {
            const v = p.add(q.location, 'text');
            w.push(`EXISTS (SELECT 1 FROM school_locations l WHERE l.tenant_id = t.tenant_id
              AND l.id = s.school_location_id AND (l.id::text = ${v} OR lower(l.name) = lower(${v})))`);
          }
          if (q.school_year) {
            const v = p.add(q.school_year, 'text');
            w.push(`(y.id::text = ${v} OR y.name = ${v})`);
          }
          if (q.is_class_active) {
            const has = `EXISTS (SELECT 1 FROM class_periods cp WHERE cp.tenant_id = t.tenant_id
              AND cp.school_period_id = t.id AND cp.is_active AND cp.deleted_at IS NULL)`;
            w.push(q.is_class_active === 'true' || q.is_class_active === '1' ? has : `NOT ${has}`);
          }
          return w;
        }),
      );
      return { success: true as const, data };
    },
  );

  app.get(
    '/school_periods/relation',
    {
      config: { access: { module: 'Periode Pendaftaran', action: 'read' } },
      schema: {
        tags: ['school_periods'],
        summary: 'Live periods with school and school year names (pickers)',
        security,
        response,
      },
    },
    async (req) => ({
      success: true as const,
      data: await req.db((c) => periods(c, () => [])),
    }),
  );

  app.get(
    '/mst_class/school',
    {
      config: { access: { module: 'Kelas', action: 'read' } },
      schema: {
        tags: ['mst_classes'],
        summary: 'Live active classes of a school (through their grade; classes of shared grades included)',
        security,
        querystring: z.object({ school_id: idText }),
        response,
      },
    },
    async (req) => {
      const data = await req.db(async (c) => {
        const p = new Params(c.tenantId);
        const school = p.add(Number(req.query.school_id), 'int');
        const { rows } = await c.client.query(
          `SELECT t.id, t.name, t.mst_grade_id, g.name AS mst_grade_name
           FROM mst_classes t JOIN mst_grades g ON g.tenant_id = t.tenant_id AND g.id = t.mst_grade_id
           WHERE t.tenant_id = $1 AND t.deleted_at IS NULL AND t.is_active AND g.deleted_at IS NULL
             AND (g.school_id = ${school} OR g.school_id IS NULL)
           ORDER BY g.name, t.name, t.id`,
          p.values,
        );
        return rows as { id: number; name: string }[];
      });
      return { success: true as const, data };
    },
  );

  app.post(
    '/class_period/refresh_quota',
    {
      config: { access: { module: 'Kelas - Periode Pendaftaran', action: 'update' } },
      schema: {
        tags: ['class_periods'],
        summary: 'Recount used_quota of the class quotas (optionally of one period)',
        security,
        body: z
          .object({ school_period_id: z.coerce.number().int().positive().max(2_147_483_647).optional() })
          .nullish(),
        response: {
          200: z.object({ success: z.literal(true), message: z.string(), updated: z.number().int() }),
          '4xx': errorResponseSchema,
        },
      },
    },
    async (req) => {
      const periodId = req.body?.school_period_id ?? null;
      const updated = await req.tx(async (c) => {
        // Registrants arrive with the registrants issue. Until their table exists (with school_period_id,
        // mst_class_id and deleted_at) no place is taken, so every used_quota is recounted as 0.
        const { rows: cols } = await c.client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM information_schema.columns
           WHERE table_schema = current_schema() AND table_name = 'registrants'
             AND column_name IN ('school_period_id', 'mst_class_id', 'deleted_at')`,
        );
        const used =
          cols[0]!.n === 3
            ? `(SELECT count(*) FROM registrants r WHERE r.tenant_id = t.tenant_id AND r.deleted_at IS NULL
                 AND r.school_period_id = t.school_period_id AND r.mst_class_id = t.mst_class_id)`
            : '0';
        const p = new Params(c.tenantId);
        const period = p.add(periodId, 'int');
        const { rowCount } = await c.client.query(
          `UPDATE class_periods u SET used_quota = x.used, updated_at = now()
           FROM (SELECT t.id, ${used} AS used FROM class_periods t
                 WHERE t.tenant_id = $1 AND t.deleted_at IS NULL AND (${period} IS NULL OR t.school_period_id = ${period})) x
           WHERE u.tenant_id = $1 AND u.id = x.id AND u.used_quota IS DISTINCT FROM x.used`,
          p.values,
        );
        await writeAudit(c, {
          userId: req.auth!.user.id,
          action: 'refresh_quota',
          resource: 'class_period',
          recordId: periodId,
          before: null,
          after: { school_period_id: periodId, changed: rowCount ?? 0 },
        });
        return rowCount ?? 0;
      });
      return { success: true as const, message: 'Kuota terpakai berhasil dihitung ulang.', updated };
    },
  );
};

export default schoolRoutes;
