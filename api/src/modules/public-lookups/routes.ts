import { errorResponseSchema, normalizeVoucher } from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const nameList = z.object({
  success: z.literal(true),
  data: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

/** Classes of one registration period with the places left (quota minus live registrants). */
const classList = z.object({
  success: z.literal(true),
  data: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      quota: z.number().int().optional(),
      remaining: z.number().int().optional(),
    }),
  ),
});

/** The "open today" condition of a registration period (WIB). */
const OPEN = `p.is_active AND p.deleted_at IS NULL
  AND (now() AT TIME ZONE 'Asia/Jakarta')::date BETWEEN p.start_date AND p.end_date`;

/** A voucher code as stored, or null when none was given. */
const voucherOf = (token: string | undefined) => (token?.trim() ? normalizeVoucher(token) : null);

/** Public lookups of the parent's registrant form (SPEC section 7: GET /public/school, /public/mst_class). */
const publicLookupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/school',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        summary: 'Schools with a registration period open today',
        querystring: z.object({ token: z.string().max(100).optional() }),
        response: { 200: nameList, '4xx': errorResponseSchema },
      },
    },
    async (req) => {
      const data = await req.db(async ({ client, tenantId }) => {
        // With a voucher: only its school (or every school when it has none) and its school year.
        const { rows } = await client.query<{ id: number; name: string }>(
          `SELECT s.id, s.name FROM schools s
           LEFT JOIN mst_tokens k ON k.tenant_id = s.tenant_id AND k.token = $2 AND k.deleted_at IS NULL
           WHERE s.tenant_id = $1 AND s.deleted_at IS NULL
             AND ($2::text IS NULL OR (k.id IS NOT NULL AND (k.school_id IS NULL OR k.school_id = s.id)))
             AND EXISTS (SELECT 1 FROM school_periods p WHERE p.tenant_id = s.tenant_id AND p.school_id = s.id AND ${OPEN}
                           AND (k.id IS NULL OR p.school_year_id = k.school_year_id))
           ORDER BY s.name`,
          [tenantId, voucherOf(req.query.token)],
        );
        return rows;
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
          school_period_id: z.coerce.number().int().positive().optional(),
        }),
        response: { 200: classList, '4xx': errorResponseSchema },
      },
    },
    async (req) => {
      const schoolName = req.query.school_name;
      if (!schoolName) return { success: true as const, data: [] };
      const periodId = req.query.school_period_id;
      if (periodId) {
        const data = await req.db(async ({ client, tenantId }) => {
          const { rows } = await client.query<{ id: number; name: string; quota: number; remaining: number }>(
            `SELECT k.id, k.name, cp.quota,
                    GREATEST(cp.quota - (SELECT count(*) FROM registrants r
                      WHERE r.tenant_id = cp.tenant_id AND r.school_period_id = cp.school_period_id
                        AND r.mst_class_id = cp.mst_class_id AND r.deleted_at IS NULL), 0)::int AS remaining
             FROM class_periods cp
             JOIN school_periods p ON p.tenant_id = cp.tenant_id AND p.id = cp.school_period_id
             JOIN schools s ON s.tenant_id = p.tenant_id AND s.id = p.school_id AND lower(s.name) = lower($3)
             JOIN mst_classes k ON k.tenant_id = cp.tenant_id AND k.id = cp.mst_class_id
               AND k.deleted_at IS NULL AND k.is_active
             WHERE cp.tenant_id = $1 AND cp.school_period_id = $2 AND cp.deleted_at IS NULL AND cp.is_active
               AND ($4::text IS NULL OR EXISTS (SELECT 1 FROM mst_tokens v WHERE v.tenant_id = s.tenant_id
                      AND v.token = $4 AND v.deleted_at IS NULL AND (v.school_id IS NULL OR v.school_id = s.id)
                      AND v.school_year_id = p.school_year_id))
             ORDER BY k.name, k.id`,
            [tenantId, periodId, schoolName, voucherOf(req.query.token)],
          );
          return rows;
        });
        return { success: true as const, data };
      }
      const data = await req.db(async ({ client, tenantId }) => {
        const { rows } = await client.query<{ id: number; name: string }>(
          `SELECT k.id, k.name FROM mst_classes k
           JOIN mst_grades g ON g.tenant_id = k.tenant_id AND g.id = k.mst_grade_id AND g.deleted_at IS NULL
           JOIN schools s ON s.tenant_id = k.tenant_id AND lower(s.name) = lower($2) AND s.deleted_at IS NULL
           WHERE k.tenant_id = $1 AND k.deleted_at IS NULL AND k.is_active
             AND (g.school_id = s.id OR g.school_id IS NULL)
             AND ($3::text IS NULL OR EXISTS (SELECT 1 FROM mst_tokens v WHERE v.tenant_id = s.tenant_id
                    AND v.token = $3 AND v.deleted_at IS NULL AND (v.school_id IS NULL OR v.school_id = s.id)))
           ORDER BY g.name, k.name, k.id`,
          [tenantId, schoolName, voucherOf(req.query.token)],
        );
        return rows;
      });
      return { success: true as const, data };
    },
  );
};

export default publicLookupRoutes;
