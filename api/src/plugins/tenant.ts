import { DEFAULT_TENANT, isTenantSlug, tenantFromHost } from '@psb/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Pool } from '../db/pool';
import { withTenant, withTenantTx } from '../db/tenant-db';
import { HttpError } from '../lib/http-error';
import type { Tenant } from '../types';

export interface TenantOptions {
  pool: Pool;
  /** How long a slug → tenant lookup is reused. */
  ttlMs?: number;
}

/**
 * Resolves the request's tenant: `X-Tenant` header (for tools) or else the first label of the Host; unknown
 * slugs fall back to the default tenant. Lookups are cached per process for a few seconds because they happen
 * on every request. That is safe with several instances: tenants are only ever created (a new tenant is
 * visible everywhere within the TTL), and the cached fields (id, slug, name, theme) are not security
 * decisions — authorisation always checks the token's tenant id against this id and reads users live.
 */
export default fp(
  async function tenant(app: FastifyInstance, { pool, ttlMs = 30_000 }: TenantOptions) {
    const cache = new Map<string, { tenant: Tenant | null; expires: number }>();

    async function lookup(slug: string): Promise<Tenant | null> {
      const now = Date.now();
      const hit = cache.get(slug);
      if (hit && hit.expires > now) return hit.tenant;
      const { rows } = await pool.query<{ id: number; slug: string; name: string; theme_color: string }>(
        'SELECT id, slug, name, theme_color FROM tenants WHERE slug = $1',
        [slug],
      );
      const row = rows[0];
      const found = row ? { id: row.id, slug: row.slug, name: row.name, themeColor: row.theme_color } : null;
      // Random hosts must not grow the map without bound.
      if (cache.size > 1000) cache.clear();
      cache.set(slug, { tenant: found, expires: now + ttlMs });
      return found;
    }

    app.decorateRequest('tenant', null as unknown as Tenant);
    // Bound to the caller's school scope once the auth plugin knows the caller (see 0006_school_scope.sql).
    app.decorateRequest('db', function <T>(this: FastifyRequest, fn: Parameters<typeof withTenant<T>>[2]) {
      return withTenant(pool, this.tenant.id, fn, this.auth?.schools ?? null);
    });
    app.decorateRequest('tx', function <T>(this: FastifyRequest, fn: Parameters<typeof withTenant<T>>[2]) {
      return withTenantTx(pool, this.tenant.id, fn, this.auth?.schools ?? null);
    });

    app.addHook('onRequest', async (req) => {
      // Only api routes (they all declare access) need a tenant; static files do not pay for it.
      if (!req.routeOptions.config?.access) return;
      const header = req.headers['x-tenant'];
      const requested = typeof header === 'string' ? header.trim().toLowerCase() : '';
      const slug = requested && isTenantSlug(requested) ? requested : tenantFromHost(req.host);
      const found = (await lookup(slug)) ?? (slug === DEFAULT_TENANT ? null : await lookup(DEFAULT_TENANT));
      if (!found) throw new HttpError(503, 'Layanan belum siap. Silakan coba beberapa saat lagi.');
      req.tenant = found;
    });
  },
  { name: 'tenant' },
);
