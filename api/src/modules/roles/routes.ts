import {
  errorResponseSchema,
  isModuleName,
  isSuperadmin,
  type RoleModule,
  roleModulesResponseSchema,
  roleSchoolsResponseSchema,
  saveRoleModulesSchema,
  saveRoleSchoolsSchema,
} from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { roleModulesJson } from '../../db/queries';
import type { TenantConn } from '../../db/tenant-db';
import { countCache } from '../../engine';
import { writeAudit } from '../../engine/audit';
import { HttpError, notFound } from '../../lib/http-error';

export const ROLE_MESSAGES = {
  superadminModules: 'Hak akses superadmin selalu penuh dan tidak dapat diubah.',
  superadminSchools: 'Superadmin selalu dapat mengakses semua sekolah.',
  unknownModule: 'Modul tidak dikenal.',
  schoolMissing: 'Sekolah yang dipilih tidak ditemukan atau sudah non-aktif.',
  modulesSaved: 'Hak akses berhasil disimpan.',
  modulesCopied: 'Hak akses berhasil disalin.',
  schoolsSaved: 'Sekolah peran berhasil disimpan.',
} as const;

const id = z.coerce.number({ error: 'Id tidak valid.' }).int().positive().max(2_147_483_647);
const tags = ['roles'];
const security = [{ bearerAuth: [] }];

/** A live role of the tenant, or 404. */
async function liveRole(c: TenantConn, roleId: number): Promise<{ id: number; name: string }> {
  const { rows } = await c.client.query<{ id: number; name: string }>(
    'SELECT id, name FROM roles WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL',
    [c.tenantId, roleId],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

async function modulesOf(c: TenantConn, roleId: number): Promise<RoleModule[]> {
  const { rows } = await c.client.query<{ data: RoleModule[] }>(
    `SELECT ${roleModulesJson('$1', '$2')} AS data`,
    [c.tenantId, roleId],
  );
  return rows[0]!.data;
}

const flagsMap = (list: RoleModule[]) =>
  Object.fromEntries(
    list.map((m) => [m.mst_module_name, [m.read_action, m.insert_action, m.update_action, m.delete_action]]),
  );

async function schoolsOf(c: TenantConn, roleId: number) {
  const { rows } = await c.client.query<{ school_id: number; school_name: string }>(
    `SELECT rs.school_id, s.name AS school_name FROM role_schools rs
     JOIN schools s ON s.tenant_id = rs.tenant_id AND s.id = rs.school_id
     WHERE rs.tenant_id = $1 AND rs.role_id = $2 ORDER BY s.name`,
    [c.tenantId, roleId],
  );
  return rows;
}

/**
 * Hak Akses (role_modules) and Peran Antara Sekolah (role_schools), next to the engine's role resource.
 * Changes apply on the role's next request: the auth plugin reads role_modules on every request and the engine
 * reads role_schools inside every school-scoped query.
 */
const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/role_module/:role',
    {
      config: { access: { module: 'Hak Akses', action: 'update' } },
      schema: {
        tags,
        summary: 'Save module permissions of a role (modules left out keep their flags)',
        security,
        params: z.object({ role: id }),
        body: saveRoleModulesSchema,
        response: {
          200: roleModulesResponseSchema.extend({ message: z.string() }),
          '4xx': errorResponseSchema,
        },
      },
    },
    async (req) => {
      const list = Array.isArray(req.body) ? req.body : req.body.data;
      const unknown = list.findIndex((m) => !isModuleName(m.mst_module_name));
      if (unknown >= 0)
        throw new HttpError(400, ROLE_MESSAGES.unknownModule, {
          [`${unknown}.mst_module_name`]: ROLE_MESSAGES.unknownModule,
        });
      const data = await req.tx(async (c) => {
        const role = await liveRole(c, req.params.role);
        if (isSuperadmin(role.name)) throw new HttpError(409, ROLE_MESSAGES.superadminModules);
        const before = await modulesOf(c, role.id);
        await c.client.query(
          `INSERT INTO role_modules (tenant_id, role_id, module_id, read_action, insert_action, update_action, delete_action)
           SELECT $1, $2, m.id, x.r, x.i, x.u, x.d
           FROM unnest($3::text[], $4::smallint[], $5::smallint[], $6::smallint[], $7::smallint[]) AS x(name, r, i, u, d)
           JOIN modules m ON m.name = x.name
           ON CONFLICT (tenant_id, role_id, module_id) DO UPDATE SET read_action = EXCLUDED.read_action,
             insert_action = EXCLUDED.insert_action, update_action = EXCLUDED.update_action,
             delete_action = EXCLUDED.delete_action`,
          [
            c.tenantId,
            role.id,
            list.map((m) => m.mst_module_name),
            list.map((m) => m.read_action),
            list.map((m) => m.insert_action),
            list.map((m) => m.update_action),
            list.map((m) => m.delete_action),
          ],
        );
        const after = await modulesOf(c, role.id);
        await writeAudit(c, {
          userId: req.auth!.user.id,
          action: 'update',
          resource: 'role_module',
          recordId: role.id,
          before: flagsMap(before),
          after: flagsMap(after),
        });
        return after;
      });
      return { success: true as const, message: ROLE_MESSAGES.modulesSaved, data };
    },
  );

  app.get(
    '/copy_role_module/:a/:b',
    {
      config: { access: { module: 'Hak Akses', action: 'update' } },
      schema: {
        tags,
        summary: 'Copy every module permission of role a to role b (b then equals a)',
        security,
        params: z.object({ a: id, b: id }),
        response: {
          200: roleModulesResponseSchema.extend({ message: z.string() }),
          '4xx': errorResponseSchema,
        },
      },
    },
    async (req) => {
      const data = await req.tx(async (c) => {
        const from = await liveRole(c, req.params.a);
        const to = await liveRole(c, req.params.b);
        if (isSuperadmin(to.name)) throw new HttpError(409, ROLE_MESSAGES.superadminModules);
        const before = await modulesOf(c, to.id);
        // Superadmin's stored rows may be stale (it is allowed everything regardless): copy all flags 1 then.
        const all = isSuperadmin(from.name);
        await c.client.query(
          `INSERT INTO role_modules (tenant_id, role_id, module_id, read_action, insert_action, update_action, delete_action)
           SELECT $1, $3, m.id,
                  CASE WHEN $4 THEN 1 ELSE COALESCE(a.read_action, 0) END,
                  CASE WHEN $4 THEN 1 ELSE COALESCE(a.insert_action, 0) END,
                  CASE WHEN $4 THEN 1 ELSE COALESCE(a.update_action, 0) END,
                  CASE WHEN $4 THEN 1 ELSE COALESCE(a.delete_action, 0) END
           FROM modules m
           LEFT JOIN role_modules a ON a.tenant_id = $1 AND a.role_id = $2 AND a.module_id = m.id
           ON CONFLICT (tenant_id, role_id, module_id) DO UPDATE SET read_action = EXCLUDED.read_action,
             insert_action = EXCLUDED.insert_action, update_action = EXCLUDED.update_action,
             delete_action = EXCLUDED.delete_action`,
          [c.tenantId, from.id, to.id, all],
        );
        const after = await modulesOf(c, to.id);
        await writeAudit(c, {
          userId: req.auth!.user.id,
          action: 'copy',
          resource: 'role_module',
          recordId: to.id,
          before: flagsMap(before),
          after: flagsMap(after),
        });
        return after;
      });
      return { success: true as const, message: ROLE_MESSAGES.modulesCopied, data };
    },
  );

  app.get(
    '/role_school/role/:id',
    {
      config: { access: { module: 'Peran Antara Sekolah', action: 'read' } },
      schema: {
        tags,
        summary: 'Schools a role is limited to (empty = every school)',
        security,
        params: z.object({ id }),
        response: { 200: roleSchoolsResponseSchema, '4xx': errorResponseSchema },
      },
    },
    async (req) => {
      const data = await req.db(async (c) => {
        await liveRole(c, req.params.id);
        return schoolsOf(c, req.params.id);
      });
      return { success: true as const, data };
    },
  );

  app.post(
    '/role_school/:id',
    {
      config: { access: { module: 'Peran Antara Sekolah', action: 'update' } },
      schema: {
        tags,
        summary: 'Set the schools a staff role is limited to (replaces the list; empty = every school)',
        security,
        params: z.object({ id }),
        body: saveRoleSchoolsSchema,
        response: {
          200: roleSchoolsResponseSchema.extend({ message: z.string() }),
          '4xx': errorResponseSchema,
        },
      },
    },
    async (req) => {
      const ids = [...new Set(Array.isArray(req.body) ? req.body : req.body.school_ids)];
      const data = await req.tx(async (c) => {
        const role = await liveRole(c, req.params.id);
        if (isSuperadmin(role.name)) throw new HttpError(409, ROLE_MESSAGES.superadminSchools);
        const { rows } = await c.client.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM schools WHERE tenant_id = $1 AND id = ANY($2::int[]) AND deleted_at IS NULL',
          [c.tenantId, ids],
        );
        if (rows[0]!.n !== ids.length)
          throw new HttpError(400, ROLE_MESSAGES.schoolMissing, { school_ids: ROLE_MESSAGES.schoolMissing });
        const before = await schoolsOf(c, role.id);
        await c.client.query('DELETE FROM role_schools WHERE tenant_id = $1 AND role_id = $2', [
          c.tenantId,
          role.id,
        ]);
        await c.client.query(
          'INSERT INTO role_schools (tenant_id, role_id, school_id) SELECT $1, $2, unnest($3::int[])',
          [c.tenantId, role.id, ids],
        );
        const after = await schoolsOf(c, role.id);
        await writeAudit(c, {
          userId: req.auth!.user.id,
          action: 'update',
          resource: 'role_school',
          recordId: role.id,
          before: { school_ids: before.map((s) => s.school_id) },
          after: { school_ids: after.map((s) => s.school_id) },
        });
        return after;
      });
      // What a role sees changed: cached list totals are stale.
      countCache.clear();
      return { success: true as const, message: ROLE_MESSAGES.schoolsSaved, data };
    },
  );
};

export default roleRoutes;
