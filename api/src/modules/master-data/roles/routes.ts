import {
  errorResponseSchema,
  isModuleName,
  roleModulesResponseSchema,
  roleSchoolsResponseSchema,
  saveRoleModulesSchema,
  saveRoleSchoolsSchema,
} from '@psb/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countCache } from '../../../engine';
import { HttpError } from '../../../lib/http-error';
import { idParams, idParamsSchema, idSchema } from '../../../lib/ids';
import { staffRouteOptions } from '../../../lib/route-options';
import { actorOf } from '../account-scope';
import { copyRoleModules, ROLE_MESSAGES, roleSchools, saveRoleModules, setRoleSchools } from './service';

const modules = staffRouteOptions('Hak Akses', 'roles');
const schools = staffRouteOptions('Peran Antara Sekolah', 'roles');
const { tags, security, errors } = modules;

/**
 * Hak Akses (role_modules) and Peran Antara Sekolah (role_schools), next to the engine's role resource.
 * Changes apply on the role's next request: the auth plugin reads role_modules on every request and the engine
 * reads role_schools inside every school-scoped query.
 */
const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/role_module/:role',
    {
      config: modules.update,
      schema: {
        tags,
        summary: 'Save module permissions of a role (modules left out keep their flags)',
        security,
        params: idParams('role'),
        body: saveRoleModulesSchema,
        response: {
          200: roleModulesResponseSchema.extend({ message: z.string() }),
          ...errors,
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
      const data = await req.tx((c) => saveRoleModules(c, actorOf(req), req.params.role, list));
      return { success: true as const, message: ROLE_MESSAGES.modulesSaved, data };
    },
  );

  const copyParams = z.object({ a: idSchema, b: idSchema });
  app.post(
    '/copy_role_module/:a/:b',
    {
      config: modules.update,
      schema: {
        tags,
        summary:
          'Copy every module permission of role a to role b (b then equals a); b is neither a, superadmin nor the caller’s own role',
        security,
        params: copyParams,
        response: {
          200: roleModulesResponseSchema.extend({ message: z.string() }),
          ...errors,
        },
      },
    },
    async (req) => {
      const data = await req.tx((c) => copyRoleModules(c, actorOf(req), req.params.a, req.params.b));
      return { success: true as const, message: ROLE_MESSAGES.modulesCopied, data };
    },
  );

  // The older client copied with a GET, which a link checker or prefetcher (and HEAD, answered by the GET
  // handler) would repeat: the path stays routed only to say which call copies now. It changes nothing.
  app.get(
    '/copy_role_module/:a/:b',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Refused (405): copying permissions is POST /copy_role_module/{a}/{b}',
        params: copyParams,
        response: { '4xx': errorResponseSchema },
      },
    },
    async () => {
      throw new HttpError(405, ROLE_MESSAGES.copyIsPost, undefined, { allow: 'POST' });
    },
  );

  app.get(
    '/role_school/role/:id',
    {
      config: schools.read,
      schema: {
        tags,
        summary: 'Schools a role is limited to (empty = every school)',
        security,
        params: idParamsSchema,
        response: { 200: roleSchoolsResponseSchema, ...errors },
      },
    },
    async (req) => {
      const data = await req.db((c) => roleSchools(c, req.params.id));
      return { success: true as const, data };
    },
  );

  app.post(
    '/role_school/:id',
    {
      config: schools.update,
      schema: {
        tags,
        summary: 'Set the schools a staff role is limited to (replaces the list; empty = every school)',
        security,
        params: idParamsSchema,
        body: saveRoleSchoolsSchema,
        response: {
          200: roleSchoolsResponseSchema.extend({ message: z.string() }),
          ...errors,
        },
      },
    },
    async (req) => {
      const ids = [...new Set(Array.isArray(req.body) ? req.body : req.body.school_ids)];
      const data = await req.tx((c) => setRoleSchools(c, actorOf(req), req.params.id, ids));
      // What a role sees changed: cached list totals are stale.
      countCache.clear();
      return { success: true as const, message: ROLE_MESSAGES.schoolsSaved, data };
    },
  );
};

export default roleRoutes;
