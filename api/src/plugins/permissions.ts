import { ACTIONS, isModuleName, noAccessMessage } from '@psb/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, passwordChangeRequired } from '../lib/http-error';
import { staffMay } from '../lib/staff-may';
import type { Access, AuthContext } from '../types';

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with its access declaration (tests assert on it). */
    routeAccess: RouteAccess[];
  }
}

/** Routes of the generated API documentation are public by nature; they need no declaration. */
const DOCS_PREFIX = '/api/docs';

const describe = (a: Access) => (typeof a === 'string' ? a : `${a.module}:${a.action}`);

/**
 * The permissions core. Every route under /api must declare `config.access` (see Access); a route without one
 * stops the server at start-up, so no endpoint can be forgotten. The onRequest hook enforces it before the
 * body is even parsed: superadmin may do everything, any other staff role needs the flag of its role_modules
 * row (no row = denied), and parent (user-audience) tokens never reach staff endpoints.
 */
export default fp(
  async function permissions(app: FastifyInstance) {
    const list: RouteAccess[] = [];
    app.decorate('routeAccess', list);

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/') && route.url !== '/api') return;
      const methods = ([] as string[]).concat(route.method);
      if (route.url === DOCS_PREFIX || route.url.startsWith(`${DOCS_PREFIX}/`)) {
        route.config = { ...route.config, access: 'public' };
      }
      const access = route.config?.access;
      if (!access)
        throw new Error(`Route ${methods.join(',')} ${route.url} has no access declaration (config.access).`);
      if (typeof access === 'object' && (!isModuleName(access.module) || !ACTIONS.includes(access.action))) {
        throw new Error(`Route ${route.url} declares an unknown permission ${describe(access)}.`);
      }
      if (access !== 'public' && access !== 'user' && typeof access !== 'object') {
        throw new Error(`Route ${route.url} declares an unknown access level ${String(access)}.`);
      }
      // A read made before its caller's check is only ever a read: nothing is written, nothing sent early.
      // A parent's own read ('user') may carry it too: it is admitted on the account alone.
      if (
        route.config?.checkWithRead &&
        (methods.some((m) => m !== 'GET' && m !== 'HEAD') ||
          access === 'public' ||
          (typeof access === 'object' && access.action !== 'read'))
      )
        throw new Error(
          `Route ${route.url} may carry the caller's check with its read only as a signed-in read.`,
        );
      for (const method of methods) list.push({ method, url: route.url, access });
    });

    app.addHook('onRequest', async (req) => {
      const { config } = req.routeOptions;
      const access = config?.access;
      if (!access || access === 'public') return;
      const admit = (auth: AuthContext) => {
        // A staff-chosen password is known to someone else: nothing but replacing it until it is replaced.
        if (auth.mustChangePassword && !config.allowDuringPasswordChange) throw passwordChangeRequired();
        if (access === 'user') return;
        // Names the module as the Hak Akses page does, so the refusal tells staff which flag is missing.
        if (!staffMay(auth, access.module, access.action)) throw forbidden(noAccessMessage([access.module]));
      };
      // The route's read carries the caller's check and answers only once it passes (see the auth plugin).
      if (config.checkWithRead && app.authenticateWithRead(req, admit)) return;
      admit(await app.authenticate(req));
    });
  },
  { name: 'permissions', dependencies: ['auth', 'tenant'] },
);
